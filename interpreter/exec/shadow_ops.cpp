// The taint shadow: the lockstep engine's second path, taken only when a launch's checkers
// configure it (LaunchRequest::taint). Each instruction runs as usual, then its result's shadow
// is computed from its operands' shadows (1 per tainted byte), element by element for vectors
// and byte range by byte range for aggregates; loads take the shadow of the bytes they read,
// stores give it to the bytes they write, copies between memories (memcpy, async copies) move
// it. Where a configured sink -- a condition, an address, a store to global memory, a built-in's
// value argument -- takes tainted bytes, the engine reports a TaintedUse; what that is a finding
// of is the checker's to say.
#include <algorithm>
#include <cstring>

#include "exec/frame.h"
#include "exec/work_group.h"

namespace clvet::interp {

using ir::Instr;
using ir::IntrinsicKind;
using ir::Op;
using ir::Ty;
using LaneSet = WorkGroupRunner::LaneSet;
using Frame = WorkGroupRunner::Frame;

namespace {

std::uint8_t any(const std::uint8_t* p, std::size_t n) {
  std::uint8_t v = 0;
  for (std::size_t i = 0; i < n; ++i) v |= p[i];
  return v;
}

// Element-wise: element c of dst (dst_es bytes) is tainted if any byte of element c of any
// source (its own element size) is. `sources` holds up to three registers' shadows.
struct Source {
  const std::uint8_t* shadow;
  std::uint32_t lane_bytes;  // register size
  std::uint32_t es;          // bytes per element
};
// The common case -- every element of one size W, result too -- a word at a time: each
// element's shadow is all ones bytes or all zero bytes.
template <class W>
void elementwise_words(const LaneSet& lanes, std::uint8_t* d, std::uint32_t d_lane, unsigned width,
                       const Source* sources, unsigned count) {
  const W ones = static_cast<W>(0x0101010101010101ull);
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::uint32_t l = lanes.ids[k];
    for (unsigned c = 0; c < width; ++c) {
      W v = 0;
      for (unsigned s = 0; s < count; ++s) {
        W w;
        std::memcpy(&w, sources[s].shadow + std::size_t(l) * sources[s].lane_bytes + c * sizeof(W),
                    sizeof(W));
        v |= w;
      }
      W out = v ? ones : W(0);
      std::memcpy(d + std::size_t(l) * d_lane + c * sizeof(W), &out, sizeof(W));
    }
  }
}

void elementwise(const LaneSet& lanes, std::uint8_t* d, std::uint32_t d_lane, std::uint32_t d_es,
                 unsigned width, const Source* sources, unsigned count) {
  bool same = true;
  for (unsigned s = 0; s < count; ++s) same = same && sources[s].es == d_es;
  if (same) {
    switch (d_es) {
      case 1: return elementwise_words<std::uint8_t>(lanes, d, d_lane, width, sources, count);
      case 2: return elementwise_words<std::uint16_t>(lanes, d, d_lane, width, sources, count);
      case 4: return elementwise_words<std::uint32_t>(lanes, d, d_lane, width, sources, count);
      case 8: return elementwise_words<std::uint64_t>(lanes, d, d_lane, width, sources, count);
      default: break;
    }
  }
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::uint32_t l = lanes.ids[k];
    for (unsigned c = 0; c < width; ++c) {
      std::uint8_t v = 0;
      for (unsigned s = 0; s < count; ++s)
        v |= any(sources[s].shadow + std::size_t(l) * sources[s].lane_bytes + c * sources[s].es,
                 sources[s].es);
      std::memset(d + std::size_t(l) * d_lane + c * d_es, v, d_es);
    }
  }
}

}  // namespace

void WorkGroupRunner::tainted_use(const Instr& in, std::uint32_t lane, TaintSink sink,
                                  std::uint64_t size, std::uint64_t tainted,
                                  std::string_view builtin) {
  EngineProblem p;
  p.event = EngineEvent::TaintedUse;
  p.message = std::string(builtin);
  p.lane = lane;
  p.size = size;
  p.sink = sink;
  p.tainted = tainted;
  report(in, std::move(p));
}

const ShadowMap::Region* WorkGroupRunner::shadow_region(std::uint64_t address, std::uint64_t size) {
  const ShadowMap::Region* r = shadow_hit_;
  if (r && address >= r->lo && address + size <= r->hi && address + size >= address) return r;
  r = shared_.shadow.find(address, size);
  if (!r) r = own_shadow_.find(address, size);
  if (r) shadow_hit_ = r;
  return r;
}

void WorkGroupRunner::shadow_add_frame(Frame& f) {
  const ir::Function& fn = *f.fn;
  // Registers laid out like their values; constants and parameters start written.
  std::size_t total = f.storage.size();
  f.shadow_storage.assign(total, 0);
  f.shadow.resize(fn.registers.size());
  for (std::size_t r = 0; r < fn.registers.size(); ++r)
    f.shadow[r] = f.shadow_storage.data() + (f.base[r] - f.storage.data());
  f.private_shadow.assign(f.private_area.size(), 1);
  if (!f.private_shadow.empty()) {
    own_shadow_.add(f.private_area.data(), f.private_area.size(), f.private_shadow.data(),
                    ShadowMap::Kind::Tracked, false);
    own_shadow_.seal();
    shadow_hit_ = nullptr;  // sealing moved the regions
  }
}

// A call's private variables hold nothing until the call stores there.
void WorkGroupRunner::shadow_enter(Frame& f, const std::uint32_t* ids, std::uint32_t count) {
  if (f.private_stride == 0) return;
  for (std::uint32_t k = 0; k < count; ++k)
    std::memset(f.private_shadow.data() + std::size_t(ids[k]) * f.private_stride, 1,
                f.private_stride);
}

void WorkGroupRunner::shadow_call(Frame& caller, Frame& callee, const Instr& in,
                                  const LaneSet& lanes, bool returning) {
  const ir::Function& fn = *callee.fn;
  auto move = [&](std::uint8_t* d, const std::uint8_t* s, std::uint32_t size) {
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::size_t o = std::size_t(lanes.ids[k]) * size;
      std::memcpy(d + o, s + o, size);
    }
  };
  if (returning) {
    move(caller.shadow[in.dst], callee.shadow[fn.return_reg], fn.return_size);
    return;
  }
  for (std::uint32_t a = 0; a < in.extra_count && a < fn.params.size(); ++a) {
    std::uint32_t dst = fn.params[a];
    move(callee.shadow[dst], caller.shadow[caller.fn->extra[in.extra + a]],
         fn.registers[dst].size);
  }
}

bool WorkGroupRunner::shadow_set(const Frame& f, std::uint32_t reg, const LaneSet& lanes) const {
  if (reg >= f.shadow.size()) return false;
  const std::uint8_t* s = f.shadow[reg];
  std::uint32_t size = f.fn->registers[reg].size;
  for (std::uint32_t k = 0; k < lanes.count; ++k)
    if (any(s + std::size_t(lanes.ids[k]) * size, size)) return true;
  return false;
}

void WorkGroupRunner::shadow_branch(Frame& f, const Instr& t, const LaneSet& lanes) {
  const std::uint8_t* s = f.shadow[t.a];
  std::uint32_t size = f.fn->registers[t.a].size;
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::uint32_t l = lanes.ids[k];
    if (!any(s + std::size_t(l) * size, size)) continue;
    current_frame_ = &f;
    tainted_use(t, l, t.op == Op::CondBr ? TaintSink::BranchCondition : TaintSink::SwitchCondition);
    return;  // one report per branch and group: the checker folds them by place anyway
  }
}

void WorkGroupRunner::shadow_execute(Frame& f, const Instr& in, const LaneSet& lanes) {
  if (in.op == Op::CallBuiltin) {
    shadow_builtin_begin(f, in, lanes);
    execute(f, in, lanes);
    shadow_builtin_end(f, in, lanes);
    return;
  }
  execute(f, in, lanes);
  shadow_after(f, in, lanes);
}

// The result's shadow from the operands' shadows, after the instruction ran (the operands'
// shadows are unchanged by running it; values the shadow depends on -- a select's condition, an
// element index, a load's address -- are read as the instruction saw them).
void WorkGroupRunner::shadow_after(Frame& f, const Instr& in, const LaneSet& lanes) {
  const auto& regs = f.fn->registers;
  auto lane_bytes = [&](std::uint32_t r) { return regs[r].size; };
  switch (in.op) {
    case Op::Add: case Op::Sub: case Op::Mul: case Op::UDiv: case Op::SDiv: case Op::URem:
    case Op::SRem: case Op::Shl: case Op::LShr: case Op::AShr: case Op::And: case Op::Or:
    case Op::Xor: case Op::FAdd: case Op::FSub: case Op::FMul: case Op::FDiv: case Op::FRem:
    case Op::FNeg: {
      std::uint32_t es = ir::ty_size(in.ty);
      Source src[2] = {{f.shadow[in.a], lane_bytes(in.a), es}, {nullptr, 0, es}};
      unsigned n = 1;
      if (in.op != Op::FNeg) src[n++] = {f.shadow[in.b], lane_bytes(in.b), es};
      elementwise(lanes, f.shadow[in.dst], lane_bytes(in.dst), es, in.width, src, n);
      return;
    }
    case Op::ICmp: case Op::FCmp:
      return shadow_compare(f, in, lanes);
    case Op::Cast: {
      Source src[1] = {{f.shadow[in.a], lane_bytes(in.a), ir::ty_size(static_cast<Ty>(in.aux))}};
      elementwise(lanes, f.shadow[in.dst], lane_bytes(in.dst), ir::ty_size(in.ty), in.width, src, 1);
      return;
    }
    case Op::Select:
      return shadow_select(f, in, lanes);
    case Op::ExtractElement: case Op::InsertElement: case Op::ShuffleVector:
      return shadow_vector(f, in, lanes);
    case Op::ExtractValue: case Op::InsertValue:
      return shadow_aggregate(f, in, lanes);
    case Op::Load: case Op::Store: case Op::Gep:
      return shadow_memory_op(f, in, lanes);
    case Op::AtomicRMW: case Op::CmpXchg:
      return shadow_atomic(f, in, lanes);
    case Op::Intrinsic:
      return shadow_intrinsic(f, in, lanes);
    default:
      return;  // Copy moved its shadow itself (copy_lanes); the rest make no value
  }
}

// A comparison is where a program decides: the optimiser turns the branch on it into a select
// or into arithmetic (`3 << zext(x != 0)` for `x ? 6 : 3`), which -cl-opt-disable keeps as a
// branch. With conditions as sinks, a tainted operand is reported here and the decision counts as
// made (a clean result), which gives the same report at the same line both ways; without, the
// result is tainted where an operand's element is.
void WorkGroupRunner::shadow_compare(Frame& f, const Instr& in, const LaneSet& lanes) {
  const auto& regs = f.fn->registers;
  auto lane_bytes = [&](std::uint32_t r) { return regs[r].size; };
  std::uint32_t es = ir::ty_size(in.ty);
  std::uint32_t a_lane = lane_bytes(in.a), b_lane = lane_bytes(in.b);
  std::uint32_t d_lane = lane_bytes(in.dst);
  if (!sinks_.conditions) {
    Source src[2] = {{f.shadow[in.a], a_lane, es}, {f.shadow[in.b], b_lane, es}};
    elementwise(lanes, f.shadow[in.dst], d_lane, std::max<std::uint32_t>(1, d_lane / in.width),
                in.width, src, 2);
    return;
  }
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::uint32_t l = lanes.ids[k];
    std::memset(f.shadow[in.dst] + std::size_t(l) * d_lane, 0, d_lane);
    if (!any(f.shadow[in.a] + std::size_t(l) * a_lane, std::size_t(es) * in.width) &&
        !any(f.shadow[in.b] + std::size_t(l) * b_lane, std::size_t(es) * in.width))
      continue;
    tainted_use(in, l, TaintSink::Comparison);
    for (++k; k < lanes.count; ++k)
      std::memset(f.shadow[in.dst] + std::size_t(lanes.ids[k]) * d_lane, 0, d_lane);
  }
}

// A select is a branch the optimiser flattened (-cl-opt-disable keeps the branch): with
// conditions as sinks a tainted condition is reported here, and the result is the side it chose,
// as after a branch; without, the elements a tainted condition chose are tainted.
void WorkGroupRunner::shadow_select(Frame& f, const Instr& in, const LaneSet& lanes) {
  const auto& regs = f.fn->registers;
  auto lane_bytes = [&](std::uint32_t r) { return regs[r].size; };
  std::uint8_t* d = f.shadow[in.dst];
  std::uint32_t size = lane_bytes(in.dst);
  const auto* cond = reinterpret_cast<const std::uint8_t*>(f.base[in.a]);
  const std::uint8_t* cs = f.shadow[in.a];
  const std::uint8_t* ts = f.shadow[in.b];
  const std::uint8_t* es = f.shadow[in.c];
  bool reported = false;
  auto condition_used = [&](std::uint32_t l) {
    if (reported) return;
    reported = true;
    tainted_use(in, l, TaintSink::SelectCondition);
  };
  const bool sink = sinks_.conditions;
  if (in.flags & ir::kScalarCondition) {
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::uint32_t l = lanes.ids[k];
      std::size_t o = std::size_t(l) * size;
      std::memcpy(d + o, (cond[l] ? ts : es) + o, size);
      if (!cs[l]) continue;
      if (sink) condition_used(l);
      else std::memset(d + o, 1, size);
    }
    return;
  }
  unsigned w = in.width;
  std::uint32_t el = ir::ty_size(in.ty);
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::uint32_t l = lanes.ids[k];
    for (unsigned c = 0; c < w; ++c) {
      std::size_t o = std::size_t(l) * size + c * el;
      std::size_t co = std::size_t(l) * w + c;
      std::memcpy(d + o, (cond[co] ? ts : es) + o, el);
      if (!cs[co]) continue;
      if (sink) condition_used(l);
      else std::memset(d + o, 1, el);
    }
  }
}

// Vector elements: an element read or written through a tainted index is tainted whole.
void WorkGroupRunner::shadow_vector(Frame& f, const Instr& in, const LaneSet& lanes) {
  const auto& regs = f.fn->registers;
  auto lane_bytes = [&](std::uint32_t r) { return regs[r].size; };
  switch (in.op) {
  case Op::ExtractElement: {
    std::uint32_t es = ir::ty_size(in.ty);
    unsigned n = static_cast<unsigned>(in.imm);
    unsigned idx_size = in.aux2 / 8;
    const std::byte* idx = f.base[in.b];
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::uint32_t l = lanes.ids[k];
      std::uint64_t i = 0;
      std::memcpy(&i, idx + std::size_t(l) * idx_size, idx_size);
      if (i >= n) i = 0;
      std::uint8_t* d = f.shadow[in.dst] + std::size_t(l) * es;
      if (any(f.shadow[in.b] + std::size_t(l) * lane_bytes(in.b), lane_bytes(in.b))) {
        std::memset(d, 1, es);
        continue;
      }
      std::memcpy(d, f.shadow[in.a] + (std::size_t(l) * n + i) * es, es);
    }
    return;
  }
  case Op::InsertElement: {
    std::uint32_t es = ir::ty_size(in.ty);
    unsigned n = in.width;
    std::size_t size = std::size_t(es) * n;
    unsigned idx_size = in.aux2 / 8;
    const std::byte* idx = f.base[in.c];
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::uint32_t l = lanes.ids[k];
      std::uint64_t i = 0;
      std::memcpy(&i, idx + std::size_t(l) * idx_size, idx_size);
      std::uint8_t* d = f.shadow[in.dst] + l * size;
      if (in.dst != in.a) std::memmove(d, f.shadow[in.a] + l * size, size);
      if (any(f.shadow[in.c] + std::size_t(l) * lane_bytes(in.c), lane_bytes(in.c))) {
        std::memset(d, 1, size);
        continue;
      }
      if (i < n) std::memcpy(d + i * es, f.shadow[in.b] + std::size_t(l) * es, es);
    }
    return;
  }
  case Op::ShuffleVector: {
    std::uint32_t es = ir::ty_size(in.ty);
    unsigned n = in.width;
    unsigned m = in.aux2;
    const std::int64_t* mask = f.fn->extra_imm.data() + in.extra;
    std::uint8_t tmp[16 * 8];
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::uint32_t l = lanes.ids[k];
      for (unsigned c = 0; c < n; ++c) {
        std::int64_t s = mask[c];
        // An undefined element is the padding of a 3-component vector: the engine writes
        // zero there, and nothing the program wrote is missing from it.
        if (s < 0) {
          std::memset(tmp + c * es, 0, es);
          continue;
        }
        const std::uint8_t* src = s < m ? f.shadow[in.a] + (std::size_t(l) * m + s) * es
                                        : f.shadow[in.b] + (std::size_t(l) * m + (s - m)) * es;
        std::memcpy(tmp + c * es, src, es);
      }
      std::memcpy(f.shadow[in.dst] + std::size_t(l) * n * es, tmp, std::size_t(n) * es);
    }
    return;
  }
    default:
      return;
  }
}

// Aggregate members move their bytes' shadows.
void WorkGroupRunner::shadow_aggregate(Frame& f, const Instr& in, const LaneSet& lanes) {
  const auto& regs = f.fn->registers;
  auto lane_bytes = [&](std::uint32_t r) { return regs[r].size; };
  switch (in.op) {
  case Op::ExtractValue: {
    std::uint32_t agg = lane_bytes(in.a);
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::uint32_t l = lanes.ids[k];
      std::memcpy(f.shadow[in.dst] + std::size_t(l) * in.c,
                  f.shadow[in.a] + std::size_t(l) * agg + in.imm, in.c);
    }
    return;
  }
  case Op::InsertValue: {
    std::uint32_t agg = lane_bytes(in.dst);
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::uint32_t l = lanes.ids[k];
      std::uint8_t* d = f.shadow[in.dst] + std::size_t(l) * agg;
      if (in.dst != in.a) std::memmove(d, f.shadow[in.a] + std::size_t(l) * agg, agg);
      std::memcpy(d + in.imm, f.shadow[in.b] + std::size_t(l) * in.c, in.c);
    }
    return;
  }
    default:
      return;
  }
}

void WorkGroupRunner::shadow_memory_op(Frame& f, const Instr& in, const LaneSet& lanes) {
  const auto& regs = f.fn->registers;
  if (in.op == Op::Gep) {
    // An address computed from a tainted base or index is tainted itself; with addresses as
    // sinks it is reported where a load or store uses it.
    std::uint8_t* d = f.shadow[in.dst];
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::uint32_t l = lanes.ids[k];
      std::uint8_t v = any(f.shadow[in.a] + std::size_t(l) * 8, 8);
      for (std::uint32_t i = 0; i < in.extra_count; ++i) {
        std::uint32_t r = f.fn->extra[in.extra + i];
        v |= any(f.shadow[r] + std::size_t(l) * regs[r].size, regs[r].size);
      }
      std::memset(d + std::size_t(l) * 8, v, 8);
    }
    return;
  }
  const bool load = in.op == Op::Load;
  const std::uint32_t pointer = load ? in.a : in.b;
  const auto* ptr = reinterpret_cast<const std::uint64_t*>(f.base[pointer]);
  const std::uint8_t* ps = f.shadow[pointer];
  const std::uint32_t size = in.size;
  // A sink not configured counts as reported already: the lanes' loop tests one flag, as it
  // would for a sink that has reported.
  bool address_reported = !sinks_.addresses, value_reported = !sinks_.global_stores;
  if (load) {
    std::uint32_t reg_size = regs[in.dst].size;
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::uint32_t l = lanes.ids[k];
      if (!address_reported && any(ps + std::size_t(l) * 8, 8)) {
        tainted_use(in, l, TaintSink::LoadAddress, 8);
        address_reported = true;
      }
      std::uint8_t* d = f.shadow[in.dst] + std::size_t(l) * reg_size;
      // A refused load (the bounds finding) reads as written zeros, as Memcheck treats an
      // invalid read: one error, not a cascade.
      if (!check(ptr[l], size)) {
        std::memset(d, 0, reg_size);
        continue;
      }
      read_shadow(shadow_region(ptr[l], size), ptr[l], size, d);
      if (reg_size > size) std::memset(d + size, 0, reg_size - size);
    }
    return;
  }
  std::uint32_t reg_size = regs[in.a].size;
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::uint32_t l = lanes.ids[k];
    if (!address_reported && any(ps + std::size_t(l) * 8, 8)) {
      tainted_use(in, l, TaintSink::StoreAddress, 8);
      address_reported = true;
    }
    const std::uint8_t* v = f.shadow[in.a] + std::size_t(l) * reg_size;
    if (!check(ptr[l], size)) continue;  // refused: it wrote nothing
    const ShadowMap::Region* r = shadow_region(ptr[l], size);
    if (r && r->global && !value_reported) {
      std::size_t tainted = 0;
      for (std::uint32_t i = 0; i < size; ++i) tainted += v[i] != 0;
      if (tainted) {
        tainted_use(in, l, TaintSink::GlobalStore, size, tainted);
        value_reported = true;
      }
    }
    // The bytes stay tainted, so that whoever reads them later is told too.
    write_shadow(r, ptr[l], size, v);
  }
}

void WorkGroupRunner::shadow_atomic(Frame& f, const Instr& in, const LaneSet& lanes) {
  const auto* ptr = reinterpret_cast<const std::uint64_t*>(f.base[in.a]);
  const std::uint32_t size = ir::ty_size(in.ty);
  const std::uint32_t dst_size = f.fn->registers[in.dst].size;
  bool address_reported = !sinks_.addresses, value_reported = !sinks_.global_stores;
  std::uint8_t old[8], next[8];
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::uint32_t l = lanes.ids[k];
    if (!address_reported && any(f.shadow[in.a] + std::size_t(l) * 8, 8)) {
      tainted_use(in, l, TaintSink::AtomicAddress, 8);
      address_reported = true;
    }
    const ShadowMap::Region* r = shadow_region(ptr[l], size);
    read_shadow(r, ptr[l], size, old);
    const std::uint8_t* value = f.shadow[in.b] + std::size_t(l) * size;
    std::uint8_t value_any = any(value, size);
    if (in.op == Op::CmpXchg) value_any |= any(f.shadow[in.c] + std::size_t(l) * size, size);
    if (value_any && r && r->global && !value_reported) {
      tainted_use(in, l, TaintSink::AtomicGlobalStore, size);
      value_reported = true;
    }
    std::uint8_t* d = f.shadow[in.dst] + std::size_t(l) * dst_size;
    std::memcpy(d, old, size);
    if (in.op == Op::CmpXchg) {
      // The success flag compares the old value with `expected`.
      bool exchanged = static_cast<std::uint8_t>(f.base[in.dst][std::size_t(l) * dst_size + in.imm]) != 0;
      d[in.imm] = static_cast<std::uint8_t>(any(old, size) | any(f.shadow[in.b] + std::size_t(l) * size, size));
      if (exchanged) write_shadow(r, ptr[l], size, f.shadow[in.c] + std::size_t(l) * size);
      continue;
    }
    // Exchange replaces the old value; every other operation combines it with the operand.
    for (std::uint32_t i = 0; i < size; ++i) next[i] = in.imm == 0 ? value[i] : (old[i] | value[i]);
    write_shadow(r, ptr[l], size, next);
  }
}

void WorkGroupRunner::shadow_intrinsic(Frame& f, const Instr& in, const LaneSet& lanes) {
  const auto& regs = f.fn->registers;
  auto kind = static_cast<IntrinsicKind>(in.imm);
  if (kind == IntrinsicKind::Memcpy || kind == IntrinsicKind::Memmove ||
      kind == IntrinsicKind::Memset) {
    // A copy between memories moves the marks and is no use of what it copies (a struct's
    // padding is copied with it all the time).
    const auto* dst = reinterpret_cast<const std::uint64_t*>(f.base[in.a]);
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::uint32_t l = lanes.ids[k];
      const std::uint64_t n = memory_intrinsic_length(f, in, l);
      if (n == 0) continue;
      if (sinks_.addresses &&
          (any(f.shadow[in.a] + std::size_t(l) * 8, 8) ||
           (kind != IntrinsicKind::Memset && any(f.shadow[in.b] + std::size_t(l) * 8, 8)))) {
        tainted_use(in, l, TaintSink::CopyAddress, 8);
      }
      const ShadowMap::Region* to = shadow_region(dst[l], n);
      if (!to || !to->tracked()) continue;
      if (kind == IntrinsicKind::Memset) {
        fill_shadow(to, dst[l], n, f.shadow[in.b][l] != 0);
        continue;
      }
      std::uint64_t s = reinterpret_cast<const std::uint64_t*>(f.base[in.b])[l];
      const ShadowMap::Region* from = shadow_region(s, n);
      if (!from || from->kind == ShadowMap::Kind::Clean) {
        fill_shadow(to, dst[l], n, false);
      } else if (from->kind == ShadowMap::Kind::Tainted) {
        fill_shadow(to, dst[l], n, true);
      } else if (from->kind == to->kind) {
        std::memmove(to->shadow + (dst[l] - to->lo), from->shadow + (s - from->lo), n);
      } else {
        // Marks of the other sense: through taint bytes, a piece at a time (the pieces may
        // overlap only within one object, whose marks have one sense).
        std::uint8_t piece[256];
        for (std::uint64_t at = 0; at < n; at += sizeof piece) {
          const auto part = static_cast<std::uint32_t>(std::min<std::uint64_t>(sizeof piece, n - at));
          read_shadow(from, s + at, part, piece);
          write_shadow(to, dst[l] + at, part, piece);
        }
      }
      shadow_hit_ = nullptr;
    }
    return;
  }
  if (in.dst == ir::kNoRegister) return;
  // Arithmetic intrinsics: element-wise where an operand has the result's elements, else the
  // whole operand counts for every element (reductions, overflow pairs).
  std::uint32_t d_lane = regs[in.dst].size;
  unsigned w = regs[in.dst].ty == Ty::Agg ? 1 : regs[in.dst].width;
  std::uint32_t d_es = d_lane / w;
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::uint32_t l = lanes.ids[k];
    std::uint8_t* d = f.shadow[in.dst] + std::size_t(l) * d_lane;
    std::memset(d, 0, d_lane);
    for (std::uint32_t r : {in.a, in.b, in.c}) {
      if (r == ir::kNoRegister) continue;
      const std::uint8_t* s = f.shadow[r] + std::size_t(l) * regs[r].size;
      if (regs[r].width == w && regs[r].ty != Ty::Agg && w > 1) {
        std::uint32_t es = regs[r].size / w;
        for (unsigned c = 0; c < w; ++c)
          if (any(s + c * es, es)) std::memset(d + c * d_es, 1, d_es);
      } else if (any(s, regs[r].size)) {
        std::memset(d, 1, d_lane);
      }
    }
  }
}

// Built-ins: their accesses to memory come through access() (shadow_access); what they compute
// from their operands is tainted where an operand is, element by element when the operand has
// the result's elements.
void WorkGroupRunner::shadow_builtin_begin(Frame& f, const Instr& in, const LaneSet& lanes) {
  const ir::BuiltinSite& site = module_.builtins[in.imm];
  builtin_frame_ = &f;
  builtin_site_ = &site;
  builtin_refused_ = false;
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    builtin_reads_[lanes.ids[k]].clear();
    builtin_read_at_[lanes.ids[k]] = 0;
    cross_named_[lanes.ids[k]] = 0;
  }
  cross_ids_ = nullptr;
  cross_count_ = 0;
  cross_any_ = 0;
  bool value_reported = false;
  for (const ir::BuiltinArg& a : site.args) {
    if (a.pointer ? !sinks_.addresses : (!sinks_.builtin_values || value_reported)) continue;
    const std::uint32_t size = a.pointer ? 8 : f.fn->registers[a.reg].size;
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::uint32_t l = lanes.ids[k];
      if (!any(f.shadow[a.reg] + std::size_t(l) * size, size)) continue;
      tainted_use(in, l, a.pointer ? TaintSink::BuiltinPointer : TaintSink::BuiltinValue, size, 0,
                  site.name);
      value_reported = value_reported || !a.pointer;
      break;
    }
  }
}

void WorkGroupRunner::shadow_builtin_end(Frame& f, const Instr&, const LaneSet& lanes) {
  const ir::BuiltinSite& site = *builtin_site_;
  builtin_site_ = nullptr;
  builtin_frame_ = nullptr;
  if (builtin_refused_ && site.name.rfind("async_work_group", 0) == 0 && lanes.count) {
    // An async copy broken off at its first refused element: the elements it never copied
    // count as clean (see access()), lest the refusal bring tainted uses after it.
    std::uint32_t l = lanes.ids[0];
    const auto& a = site.args;
    auto word = [&](const ir::BuiltinArg& arg) {
      std::uint64_t v = 0;
      std::memcpy(&v, f.base[arg.reg] + std::size_t(l) * f.fn->registers[arg.reg].size,
                  arg.pointer ? 8 : std::min<std::size_t>(8, scalar_size(arg.scalar)));
      return v;
    };
    if (a.size() >= 3) {
      std::uint64_t dst = word(a[0]);
      std::uint64_t es = scalar_size(a[0].scalar) * std::max<unsigned>(1, a[0].width);
      std::uint64_t span = word(a[2]) * es;
      if (a.size() >= 5 && a[1].address_space == kLocal) span *= std::max<std::uint64_t>(1, word(a[3]));
      // Clamped to the destination's object, the red zone beyond it aside.
      for (std::uint64_t at = dst; at < dst + span; at += es) {
        if (!check(at, es)) break;
        const ShadowMap::Region* r = shadow_region(at, es);
        fill_shadow(r, at, es, false);
      }
    }
  }
  if (site.result.reg == ir::kNoRegister) return;
  const auto& regs = f.fn->registers;
  std::uint32_t d_lane = regs[site.result.reg].size;
  unsigned w = std::max<unsigned>(1, site.result.width);
  std::uint32_t d_es = std::max<std::uint32_t>(1, d_lane / w);
  if (site.result.scalar != Scalar::Void && scalar_size(site.result.scalar) * w <= d_lane)
    d_es = static_cast<std::uint32_t>(scalar_size(site.result.scalar));
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::uint32_t l = lanes.ids[k];
    std::uint8_t* d = f.shadow[site.result.reg] + std::size_t(l) * d_lane;
    std::memset(d, 0, d_lane);
    auto mark = [&](unsigned c) { std::memset(d + c * d_es, 1, std::min(d_es, d_lane - c * d_es)); };
    for (std::size_t i = 0; i < site.args.size(); ++i) {
      const ir::BuiltinArg& a = site.args[i];
      if (a.pointer) continue;
      // A cross-lane built-in's argument 0 comes from the lanes it named.
      const std::uint8_t* s = i == 0 && cross_named_[l]
                                  ? cross_shadow_.data() + std::size_t(l) * regs[a.reg].size
                                  : f.shadow[a.reg] + std::size_t(l) * regs[a.reg].size;
      std::size_t es = std::max<std::size_t>(1, scalar_size(a.scalar));
      if (a.width == w && w > 1) {
        for (unsigned c = 0; c < w; ++c)
          if (any(s + c * es, es)) mark(c);
      } else if (any(s, std::min<std::size_t>(regs[a.reg].size, es * a.width))) {
        for (unsigned c = 0; c < w; ++c) mark(c);
      }
    }
    // What the call read and did not copy elsewhere is its result (vload, atomics).
    const std::vector<std::uint8_t>& read = builtin_reads_[l];
    std::size_t from = builtin_read_at_[l];
    std::size_t n = read.size() - std::min(read.size(), from);
    if (n == 0) continue;
    if (n % w == 0) {
      std::size_t per = n / w;
      for (unsigned c = 0; c < w; ++c)
        if (any(read.data() + from + c * per, per)) mark(c);
    } else if (any(read.data() + from, n)) {
      for (unsigned c = 0; c < w; ++c) mark(c);
    }
  }
}

// Lane `lane`'s room for the shadow of argument 0 of the running built-in, or nullptr where the
// shadow is off or argument 0 is a pointer.
std::uint8_t* WorkGroupRunner::cross_lane_shadow(std::uint32_t lane, std::uint32_t& reg,
                                                 std::uint32_t& size) {
  if (!builtin_site_ || builtin_site_->args.empty() || builtin_site_->args[0].pointer)
    return nullptr;
  reg = builtin_site_->args[0].reg;
  size = builtin_frame_->fn->registers[reg].size;
  if (cross_shadow_.size() < std::size_t(capacity_) * size)
    cross_shadow_.resize(std::size_t(capacity_) * size);
  cross_named_[lane] = 1;
  return cross_shadow_.data() + std::size_t(lane) * size;
}

void WorkGroupRunner::result_from(std::uint32_t lane, std::uint32_t source) {
  std::uint32_t reg = 0, size = 0;
  std::uint8_t* out = cross_lane_shadow(lane, reg, size);
  if (!out) return;
  std::memcpy(out, builtin_frame_->shadow[reg] + std::size_t(source) * size, size);
}

void WorkGroupRunner::result_from_all(std::uint32_t lane, const Lanes& sources) {
  std::uint32_t reg = 0, size = 0;
  std::uint8_t* out = cross_lane_shadow(lane, reg, size);
  if (!out) return;
  if (sources.ids != cross_ids_ || sources.count < cross_count_) {
    cross_ids_ = sources.ids;
    cross_count_ = 0;
    cross_any_ = 0;
  }
  const std::uint8_t* shadow = builtin_frame_->shadow[reg];
  for (std::uint32_t k = cross_count_; k < sources.count && !cross_any_; ++k)
    cross_any_ = any(shadow + std::size_t(sources.ids[k]) * size, size);
  cross_count_ = sources.count;
  std::memset(out, cross_any_, size);
}

void WorkGroupRunner::shadow_access(std::uint32_t lane, std::uint64_t address, std::size_t size,
                                    Access kind) {
  Frame& f = *builtin_frame_;
  const ir::BuiltinSite& site = *builtin_site_;
  const auto& regs = f.fn->registers;
  const ShadowMap::Region* r = shadow_region(address, size);
  std::vector<std::uint8_t>& read = builtin_reads_[lane];
  // The call's first operand that is no pointer: what a write without a read before it stores
  // (vstore's data, fract's or sincos's second result), element by element.
  const ir::BuiltinArg* data = nullptr;
  for (const ir::BuiltinArg& a : site.args)
    if (!a.pointer) {
      data = &a;
      break;
    }
  auto data_shadow = [&](std::uint8_t* out) {
    std::memset(out, 0, size);
    if (!data) return;
    const std::uint8_t* s = f.shadow[data->reg] + std::size_t(lane) * regs[data->reg].size;
    std::size_t es = std::max<std::size_t>(1, scalar_size(data->scalar));
    unsigned w = std::max<unsigned>(1, data->width);
    if (size % w == 0) {
      std::size_t per = size / w;
      for (unsigned c = 0; c < w; ++c)
        if (any(s + c * es, es)) std::memset(out + c * per, 1, per);
    } else if (any(s, es * w)) {
      std::memset(out, 1, size);
    }
  };
  shadow_scratch_.resize(size);
  std::uint8_t* tmp = shadow_scratch_.data();
  const Instr& in = *current_instr_;
  switch (kind) {
    case Access::Read:
    case Access::AtomicRead: {
      std::size_t at = read.size();
      read.resize(at + size);
      read_shadow(r, address, static_cast<std::uint32_t>(size), read.data() + at);
      return;
    }
    case Access::Write:
    case Access::ReadWrite: {
      std::size_t from = builtin_read_at_[lane];
      if (read.size() >= from + size) {
        // A copy (async_work_group_copy, compare-exchange's expected): its marks move along.
        write_shadow(r, address, static_cast<std::uint32_t>(size), read.data() + from);
        builtin_read_at_[lane] = static_cast<std::uint32_t>(from + size);
        return;
      }
      data_shadow(tmp);
      if (sinks_.global_stores && r && r->global && any(tmp, size))
        tainted_use(in, lane, TaintSink::BuiltinGlobalStore, size, 0, site.name);
      write_shadow(r, address, static_cast<std::uint32_t>(size), tmp);
      return;
    }
    case Access::Atomic: {
      // The old value is the call's result; the new one is the operand (store, exchange,
      // init) or the old value combined with it.
      std::size_t at = read.size();
      read.resize(at + size);
      read_shadow(r, address, static_cast<std::uint32_t>(size), read.data() + at);
      // The operand: argument 1 (atomic_add's value, atomic_store's desired), and for the
      // compare-exchanges argument 2 too; later ones are memory orders and scopes.
      const std::string& name = site.name;
      const bool compares = name.find("cmpxchg") != std::string::npos ||
                            name.find("compare_exchange") != std::string::npos;
      std::uint8_t operand = 0;
      for (std::size_t i = 1; i < site.args.size() && i <= (compares ? 2u : 1u); ++i) {
        const ir::BuiltinArg& a = site.args[i];
        if (a.pointer) continue;
        operand |= any(f.shadow[a.reg] + std::size_t(lane) * regs[a.reg].size, regs[a.reg].size);
      }
      const bool replaces = (name.find("xchg") != std::string::npos ||
                             name.find("exchange") != std::string::npos ||
                             name.find("store") != std::string::npos ||
                             name.find("init") != std::string::npos) &&
                            name.find("compare") == std::string::npos;
      if (sinks_.global_stores && operand && r && r->global)
        tainted_use(in, lane, TaintSink::BuiltinGlobalStore, size, 0, name);
      const std::uint8_t* old = read.data() + at;
      for (std::size_t i = 0; i < size; ++i) tmp[i] = replaces ? operand : (old[i] | operand);
      write_shadow(r, address, static_cast<std::uint32_t>(size), tmp);
      return;
    }
  }
}

}  // namespace clvet::interp
