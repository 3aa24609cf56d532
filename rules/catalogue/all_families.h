// Every family of rules, so the registry sees them all, in this order.
#pragma once

#include "platform.h"
#include "context.h"
#include "queue.h"
#include "memory.h"
#include "enqueue_memory.h"
#include "image.h"
#include "sampler.h"
#include "program.h"
#include "kernel.h"
#include "event.h"
#include "svm.h"
#include "pipe.h"
#include "sharing.h"
