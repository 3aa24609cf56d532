// The host threads that run launches' work-groups beside the launching thread, started once
// and kept: a launch no longer creates and joins its threads, which cost a program of many
// small launches (a bitonic sort's 136 passes) more than its kernels on 16 cores.
#pragma once

#include <functional>

namespace clvet::interp {

// Runs `work` on the calling thread and on up to `helpers` pool threads at once, and returns
// when the caller's run and every helper's that started have returned. A helper that reaches
// the job only after the caller's own run returned does not run it: `work` must take its share
// of the job (work-groups from a counter) until none is left, so that the caller alone can
// finish it (a forked child, whose pool threads are gone, still runs its launches).
void run_with_helpers(unsigned helpers, const std::function<void()>& work);

}  // namespace clvet::interp
