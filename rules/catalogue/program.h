// Rules: Program objects (OpenCL 1.2 §5.6, 2.2 §5.8).
#pragma once

#include "catalogue.h"
