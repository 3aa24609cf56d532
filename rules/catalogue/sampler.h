// Rules: Sampler objects (OpenCL 1.2 §5.5, 2.2 §5.7).
#pragma once

#include "catalogue.h"
