// Rules: Reading, writing, copying, filling, mapping, unmapping and migrating memory objects (OpenCL 1.2 §5.2.2-5.2.4, §5.4.2, §5.4.4).
#pragma once

#include "catalogue.h"
