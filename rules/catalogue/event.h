// Rules: Events, markers, barriers, profiling, flush and finish, timers (OpenCL 1.2 §5.9-5.13, 2.2 §5.11-5.15, §4.1 timers).
#pragma once

#include "catalogue.h"
