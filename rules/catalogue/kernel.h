// Rules: Kernel objects and kernel execution (OpenCL 1.2 §5.7-5.8, 2.2 §5.9-5.10).
#pragma once

#include "catalogue.h"
