// Rules: Entry points of sharing extensions the reference device does not support (GL, EGL).
#pragma once

#include "catalogue.h"
