// Rules: Contexts (OpenCL 1.2 §4.4).
#pragma once

#include "catalogue.h"
