// Small work-groups run several at a time: a kernel that cannot tell which work-group a
// work-item is in runs the same whatever the groups' size, so a launch of groups of one (the
// CTS's vstore_half3 kernels: 174,763 work-items, a prime, in groups of one) may run as groups
// of 128, where the lockstep engine decodes each instruction once for 128 lanes instead of once
// for each work-item.
#pragma once

#include <cstdint>

#include "clvet/interp/executable.h"
#include "decode/program_ir.h"

namespace clvet::interp {

// Whether nothing in the module can tell a work-item's group or its neighbours: no query of
// local or group ids and sizes, no barrier, no __local memory, no work-group, sub-group or
// asynchronous-copy built-in, no atomic (its order across groups), no printf (output is kept
// per group, in group order). Decided once per program.
bool cannot_tell_groups(const ir::Module& module);

// The local size dimension 0 of a launch of `request` may take in place of its own, or 0 where
// it keeps its own: only for a group-blind kernel whose launch nobody watches (no checker, no
// taint shadow, no index checks, no red zones, no instruction budget counted per group), no
// __local argument, and groups of fewer than 32 work-items.
std::uint64_t batched_local_size(const LaunchRequest& request, bool group_blind);

// Whether work-groups of one work-item of this module may share the lanes of one run, each lane
// a whole group (its own group id along dimension 0, local id 0, its own __local memory): as
// cannot_tell_groups, but local and group ids and sizes, __local memory, barriers and
// asynchronous copies are allowed (a group of one waits for nobody at a barrier, and each lane
// copies for its own group). Still no work-group or sub-group built-in, atomic or printf.
bool single_items_may_share_lanes(const ir::Module& module);

// How many groups of one work-item along dimension 0 a run of `request` may take as lanes, or 0:
// only where single_items_may_share_lanes, every local size is 1, and nobody watches the launch
// (as batched_local_size asks).
std::uint32_t groups_a_run(const LaunchRequest& request, bool may_share);

}  // namespace clvet::interp
