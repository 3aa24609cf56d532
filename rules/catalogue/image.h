// Rules: Image objects (OpenCL 1.2 §5.3).
#pragma once

#include "catalogue.h"
