// The work-item functions (OpenCL C 1.2 §6.12.1, 2.0 §6.13.1): the NDRange's geometry and each
// lane's ids, read from the executing work-group. barrier and the fences are the engine's own.
#include <cstdint>
#include <cstring>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {
namespace {

// size_t is 8 bytes on spir64 and 4 on spir: the result's store size picks the instantiation.
template <class SizeT>
void store(const BuiltinCall& call, std::uint32_t lane, std::uint64_t value) {
  call.result.set<SizeT>(lane, 0, static_cast<SizeT>(value));
}

// Functions of the form size_t f(uint dimindx) whose value is one per NDRange and dimension:
// "Valid values of dimindx are 0 to get_work_dim() - 1. For other values ... returns
// `kOutOfRange`" (1 for sizes and counts, 0 for offsets).
enum class PerDimension { GlobalSize, LocalSize, EnqueuedLocalSize, NumGroups, GroupId, Offset };

template <PerDimension kWhat>
std::uint64_t per_dimension(const NDRangeGeometry& g, const std::uint64_t* group,
                            std::uint32_t dim) {
  constexpr std::uint64_t kOutOfRange =
      kWhat == PerDimension::GroupId || kWhat == PerDimension::Offset ? 0 : 1;
  if (dim >= g.work_dim || dim >= 3) return kOutOfRange;
  switch (kWhat) {
    case PerDimension::GlobalSize:
      return g.global_size[dim];
    case PerDimension::LocalSize:
      return g.local_size[dim];
    case PerDimension::EnqueuedLocalSize:
      return g.enqueued_local_size[dim];
    case PerDimension::NumGroups:
      return g.num_groups[dim];
    case PerDimension::GroupId:
      return group[dim];
    case PerDimension::Offset:
      return g.global_offset[dim];
  }
  return kOutOfRange;
}

// The geometry and group are asked once a call, not once a lane. Where each lane is a group of
// its own (BuiltinContext::lanes_are_groups), lane l's group id in dimension 0 is l further.
template <PerDimension kWhat, class SizeT>
void dimension_query(const BuiltinCall& call) {
  const BuiltinContext& context = *call.context;
  const NDRangeGeometry& g = context.geometry();
  const std::uint64_t* group = context.group_id();
  const bool own_groups = kWhat == PerDimension::GroupId && context.lanes_are_groups();
  call.lanes.for_each([&](std::uint32_t l) {
    const std::uint32_t dim = call.args[0].get<std::uint32_t>(l);
    std::uint64_t value = per_dimension<kWhat>(g, group, dim);
    if (own_groups && dim == 0 && g.work_dim > 0) value += l;
    store<SizeT>(call, l, value);
  });
}

template <class SizeT>
void get_local_id(const BuiltinCall& call) {
  const BuiltinContext& context = *call.context;
  const std::uint32_t work_dim = context.geometry().work_dim;
  const std::uint32_t* ids[3] = {context.local_ids(0), context.local_ids(1), context.local_ids(2)};
  call.lanes.for_each([&](std::uint32_t l) {
    const std::uint32_t dim = call.args[0].get<std::uint32_t>(l);
    if (dim >= work_dim || dim >= 3) return store<SizeT>(call, l, 0);
    store<SizeT>(call, l, ids[dim] ? ids[dim][l] : context.local_id(l, dim));
  });
}

// get_global_id(d) = get_group_id(d) * get_enqueued_local_size(d) + get_local_id(d) +
// get_global_offset(d): with non-uniform work-groups the last group is smaller, but its
// first work-item still starts where a full-sized group would.
template <class SizeT>
void get_global_id(const BuiltinCall& call) {
  const BuiltinContext& context = *call.context;
  const NDRangeGeometry& g = context.geometry();
  const std::uint64_t* group = context.group_id();
  // Per dimension: the group's first global id, and the lanes' local ids where the engine keeps
  // them in an array (one call for the whole group instead of one a lane).
  std::uint64_t first[3];
  const std::uint32_t* ids[3];
  for (unsigned d = 0; d < 3; ++d) {
    first[d] = group[d] * g.enqueued_local_size[d] + g.global_offset[d];
    ids[d] = context.local_ids(d);
  }
  // Where each lane is a group of its own, lane l's group is l further in dimension 0.
  const std::uint64_t group_step = context.lanes_are_groups() ? g.enqueued_local_size[0] : 0;
  // The loop keeps everything in locals: a store through the result may alias anything the
  // call points to, which would be read again for every lane.
  const std::uint32_t work_dim = g.work_dim < 3 ? g.work_dim : 3;
  const std::uint32_t* lanes = call.lanes.ids;
  const std::uint32_t count = call.lanes.count;
  const std::byte* dims = call.args[0].base;
  const std::size_t dim_stride = call.args[0].stride;
  std::byte* out = call.result.base;
  const std::size_t out_stride = call.result.stride;
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t l = lanes[i];
    std::uint32_t dim;
    std::memcpy(&dim, dims + l * dim_stride, sizeof dim);
    SizeT id = 0;
    if (dim < work_dim)
      id = SizeT(first[dim] + (ids[dim] ? ids[dim][l] : context.local_id(l, dim)) +
                 (dim == 0 ? group_step * l : 0));
    std::memcpy(out + l * out_stride, &id, sizeof id);
  }
}

void get_work_dim(const BuiltinCall& call) {
  const std::uint32_t work_dim = call.context->geometry().work_dim;
  call.lanes.for_each([&](std::uint32_t l) { call.result.set<std::uint32_t>(l, 0, work_dim); });
}

// OpenCL C 2.0 §6.13.1: (gz - goz) * gsy * gsx + (gy - goy) * gsx + (gx - gox), dimensions
// beyond get_work_dim() contributing 0.
template <class SizeT>
void get_global_linear_id(const BuiltinCall& call) {
  const BuiltinContext& context = *call.context;
  const NDRangeGeometry& g = context.geometry();
  const std::uint64_t* group = context.group_id();
  const std::uint32_t dims = g.work_dim < 3 ? g.work_dim : 3;
  const bool own_groups = context.lanes_are_groups();
  call.lanes.for_each([&](std::uint32_t l) {
    std::uint64_t linear = 0;
    for (std::uint32_t d = dims; d-- > 0;) {
      const std::uint64_t lane_group = group[d] + (own_groups && d == 0 ? l : 0);
      const std::uint64_t id = lane_group * g.enqueued_local_size[d] + context.local_id(l, d);
      linear = linear * g.global_size[d] + id;
    }
    store<SizeT>(call, l, linear);
  });
}

// OpenCL C 2.0 §6.13.1: lz * lsy * lsx + ly * lsx + lx, with this work-group's own sizes.
template <class SizeT>
void get_local_linear_id(const BuiltinCall& call) {
  const BuiltinContext& context = *call.context;
  const NDRangeGeometry& g = context.geometry();
  const std::uint32_t dims = g.work_dim < 3 ? g.work_dim : 3;
  call.lanes.for_each([&](std::uint32_t l) {
    std::uint64_t linear = 0;
    for (std::uint32_t d = dims; d-- > 0;)
      linear = linear * g.local_size[d] + context.local_id(l, d);
    store<SizeT>(call, l, linear);
  });
}

// The size_t-returning functions, by the result's store size (8 on spir64, 4 on spir).
BuiltinFn pick(const Signature& s, BuiltinFn wide, BuiltinFn narrow) {
  if (s.result_element_size == 8) return wide;
  if (s.result_element_size == 4) return narrow;
  return nullptr;
}

template <PerDimension kWhat>
BuiltinFn resolve_dimension_query(const Signature& s) {
  if (s.params.size() != 1 || s.params[0].pointer) return nullptr;
  return pick(s, &dimension_query<kWhat, std::uint64_t>, &dimension_query<kWhat, std::uint32_t>);
}

BuiltinFn resolve_local_id(const Signature& s) {
  if (s.params.size() != 1 || s.params[0].pointer) return nullptr;
  return pick(s, &get_local_id<std::uint64_t>, &get_local_id<std::uint32_t>);
}

BuiltinFn resolve_global_id(const Signature& s) {
  if (s.params.size() != 1 || s.params[0].pointer) return nullptr;
  return pick(s, &get_global_id<std::uint64_t>, &get_global_id<std::uint32_t>);
}

BuiltinFn resolve_work_dim(const Signature& s) {
  return s.params.empty() && s.result_element_size == 4 ? &get_work_dim : nullptr;
}

BuiltinFn resolve_global_linear_id(const Signature& s) {
  if (!s.params.empty()) return nullptr;
  return pick(s, &get_global_linear_id<std::uint64_t>, &get_global_linear_id<std::uint32_t>);
}

BuiltinFn resolve_local_linear_id(const Signature& s) {
  if (!s.params.empty()) return nullptr;
  return pick(s, &get_local_linear_id<std::uint64_t>, &get_local_linear_id<std::uint32_t>);
}

}  // namespace

void register_work_item_builtins(BuiltinRegistry& r) {
  r.add("get_work_dim", resolve_work_dim);
  r.add("get_global_size", resolve_dimension_query<PerDimension::GlobalSize>);
  r.add("get_global_id", resolve_global_id);
  r.add("get_local_size", resolve_dimension_query<PerDimension::LocalSize>);
  r.add("get_enqueued_local_size", resolve_dimension_query<PerDimension::EnqueuedLocalSize>);
  r.add("get_local_id", resolve_local_id);
  r.add("get_num_groups", resolve_dimension_query<PerDimension::NumGroups>);
  r.add("get_group_id", resolve_dimension_query<PerDimension::GroupId>);
  r.add("get_global_offset", resolve_dimension_query<PerDimension::Offset>);
  r.add("get_global_linear_id", resolve_global_linear_id);
  r.add("get_local_linear_id", resolve_local_linear_id);
}

}  // namespace clvet::interp
