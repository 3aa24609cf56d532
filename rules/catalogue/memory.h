// Rules: Buffer and sub-buffer objects: creation, retain/release, queries, destructor callbacks (OpenCL 1.2 §5.2.1, §5.4).
#pragma once

#include "catalogue.h"
