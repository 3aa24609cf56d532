// Rules: Shared virtual memory (OpenCL 2.2 §5.6).
#pragma once

#include "catalogue.h"
