// Rules: Pipes (OpenCL 2.2 §5.4).
#pragma once

#include "catalogue.h"
