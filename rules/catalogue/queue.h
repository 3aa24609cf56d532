// Rules: Command-queues (OpenCL 1.2 §5.1, 2.2 §5.1).
#pragma once

#include "catalogue.h"
