// The contract between the execution engine and the OpenCL C built-in library: how a call to a
// built-in sees its operands across the lanes of a work-group, and how a built-in is resolved
// from its mangled name once, at decode time, to a plain function pointer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace clvet::interp {

// The reference device's sub-group size (cl_khr_subgroups, __opencl_c_subgroups): a
// work-group's work-items split in linear local id order into sub-groups of this many (the last
// may be smaller). A fixed choice, as a GPU's SIMD width is; the lockstep engine runs a whole
// work-group together, so sub-groups make no independent forward progress.
inline constexpr std::uint32_t kSubGroupSize = 32;

// OpenCL C scalar types. Signedness matters to built-ins and is lost in LLVM types, so it is
// read from the mangled name.
enum class Scalar : std::uint8_t {
  Void, Bool, Char, UChar, Short, UShort, Int, UInt, Long, ULong, Half, Float, Double,
  Event,    // event_t
  Sampler,  // sampler_t
  Other,    // images, pipes, structs: passed as a pointer-sized handle
};

std::size_t scalar_size(Scalar s);  // bytes in memory (Bool: 1, Event/Sampler/Other: 8)
bool is_float(Scalar s);            // Half, Float, Double
bool is_signed(Scalar s);           // Char, Short, Int, Long (and the float types)
std::string_view scalar_name(Scalar s);  // "uint", "float", ...

// OpenCL address spaces as Clang numbers them for the SPIR targets.
enum AddressSpace : std::uint8_t {
  kPrivate = 0, kGlobal = 1, kConstant = 2, kLocal = 3, kGeneric = 4,
};

// One parameter type of a built-in, as its mangled name spells it. For pointers `scalar` and
// `width` describe the pointee.
struct ParamType {
  Scalar scalar = Scalar::Void;
  std::uint8_t width = 1;  // 1 for scalars, else 2, 3, 4, 8 or 16
  bool pointer = false;
  std::uint8_t address_space = kPrivate;  // of the pointee, for pointers
  bool is_const = false;
  bool is_volatile = false;
  bool operator==(const ParamType&) const = default;
};

// A built-in call's unmangled name and parameter types ("fract", {float4, __global float4*}).
struct Signature {
  std::string name;
  std::vector<ParamType> params;
  // The LLVM result: element count and store size of one element (0 bytes: void). Signedness
  // is not known here; built-ins that care read it from their name or parameters.
  std::uint8_t result_width = 1;
  std::uint8_t result_element_size = 0;
  bool result_is_float = false;
};

// Demangles an Itanium-mangled OpenCL built-in name ("_Z5fractDv4_fPU3AS1S_"). False when the
// name is not a mangled function name of the forms OpenCL C uses; unmangled names (printf)
// come back with no parameters and `mangled` false.
struct Demangled {
  std::string name;
  std::vector<ParamType> params;
  bool mangled = false;
};
bool demangle(std::string_view symbol, Demangled& out);

// One value per lane: lane l's value is at base + l * stride. Vectors are stored with their
// components contiguous (width elements of scalar type).
struct Operand {
  std::byte* base = nullptr;
  std::uint32_t stride = 0;
  std::uint8_t width = 1;
  Scalar scalar = Scalar::Void;
  bool pointer = false;
  std::uint8_t address_space = kPrivate;

  template <class T>
  T* lane(std::uint32_t l) const { return reinterpret_cast<T*>(base + std::size_t(l) * stride); }
  template <class T>
  T get(std::uint32_t l, unsigned component = 0) const {
    T v;
    std::memcpy(&v, base + std::size_t(l) * stride + component * sizeof(T), sizeof(T));
    return v;
  }
  template <class T>
  void set(std::uint32_t l, unsigned component, T v) const {
    std::memcpy(base + std::size_t(l) * stride + component * sizeof(T), &v, sizeof(T));
  }
};

// The active lanes of a call: ids[0..count), increasing.
struct Lanes {
  const std::uint32_t* ids = nullptr;
  std::uint32_t count = 0;
  template <class F>
  void for_each(F&& f) const {
    for (std::uint32_t i = 0; i < count; ++i) f(ids[i]);
  }
};

// How an access touches memory. Atomic: an atomic read-modify-write (or an atomic store);
// AtomicRead: an atomic operation that stores nothing (atomic_load, a compare-exchange whose
// comparison failed), which races with plain writes only (OpenCL 1.2 §6.12.11, 2.0 §6.13.11).
enum class Access : std::uint8_t { Read, Write, ReadWrite, Atomic, AtomicRead };

// memory_order and memory_scope as OpenCL C's headers number them (Clang's __ATOMIC_* and
// __OPENCL_MEMORY_SCOPE_*).
enum AtomicOrder : std::uint8_t {
  kRelaxed = 0, kAcquire = 2, kRelease = 3, kAcqRel = 4, kSeqCst = 5,
};
enum AtomicScope : std::uint8_t {
  kScopeWorkItem = 0, kScopeWorkGroup = 1, kScopeDevice = 2, kScopeAllDevices = 3,
  kScopeSubGroup = 4,
};

// The bytes an async copy reads and writes (§6.12.10): `count` elements of `element` bytes,
// element i read at src + i * src_step and written at dst + i * dst_step. Until the wait for its
// event the copy may be under way, so these bytes are the copy's.
struct AsyncCopyShape {
  std::uint64_t dst = 0, src = 0, count = 0, element = 0, dst_step = 0, src_step = 0;
};

class WorkGroup;  // the executing work-group (exec/work_group.h); built-ins use its interface
struct ImageDescriptor;  // clvet/interp/image.h

// The geometry of the NDRange and of the executing work-group, for the work-item functions.
struct NDRangeGeometry {
  std::uint32_t work_dim = 1;
  std::uint64_t global_size[3] = {1, 1, 1};
  std::uint64_t global_offset[3] = {0, 0, 0};
  std::uint64_t local_size[3] = {1, 1, 1};           // of this work-group (non-uniform: smaller)
  std::uint64_t enqueued_local_size[3] = {1, 1, 1};
  std::uint64_t num_groups[3] = {1, 1, 1};
};

// What a built-in may ask of the engine.
class BuiltinContext {
 public:
  virtual ~BuiltinContext() = default;
  virtual const NDRangeGeometry& geometry() const = 0;
  virtual const std::uint64_t* group_id() const = 0;  // [3]
  // Each lane is a work-group of one work-item of its own: lane l's group id is group_id() with
  // l added in dimension 0, its local id 0; a built-in acting for the whole group (an async
  // copy) acts for each lane alone.
  virtual bool lanes_are_groups() const { return false; }
  // Local ids of lane l in dimensions 0..2, and its linear local id.
  virtual std::uint32_t local_id(std::uint32_t lane, unsigned dim) const = 0;
  // Every lane's local id in dimension `dim` (0..2), indexed by lane, where the engine keeps
  // them in one array: the work-item functions read it without a call a lane. Null: ask
  // local_id() lane by lane.
  virtual const std::uint32_t* local_ids(unsigned /*dim*/) const { return nullptr; }
  virtual std::uint32_t lane_count() const = 0;  // work-items in this work-group
  // Every memory access a built-in makes through a pointer goes through here first, so that
  // it is bounds-checked and the checkers see it. Returns false when the access must not be
  // made (it is outside every object the kernel can reach); the built-in then skips it.
  virtual bool access(std::uint32_t lane, const void* address, std::size_t size, Access kind,
                      std::uint8_t address_space) = 0;
  // One access per lane of `lanes`, lane l's at addresses[l] (indexed by lane id), `size` bytes
  // each, seen by the checkers as one batch; ok[l] says whether lane l's may be made. The image
  // built-ins read and write texels through it, one call per texel of a sample over all lanes.
  virtual void access_lanes(const Lanes& lanes, const std::uint64_t* addresses, std::size_t size,
                            Access kind, std::uint8_t address_space, bool* ok) {
    lanes.for_each([&](std::uint32_t l) {
      ok[l] = access(l, reinterpret_cast<const void*>(addresses[l]), size, kind, address_space);
    });
  }
  // The image a kernel's image value names (the launch's image arguments), or nullptr.
  virtual const ImageDescriptor* image(std::uint64_t handle) const {
    (void)handle;
    return nullptr;
  }
  // An image access whose result OpenCL C leaves undefined (outside the image without a
  // sampler, a layer outside the array, a read of an image the kernel may only write...):
  // the built-in did what `message` says instead, and the checkers hear of it.
  virtual void image_problem(std::uint32_t lane, std::string message) {
    (void)lane, (void)message;
  }
  // Whether [address, address + size) lies inside an object the kernel can reach, without
  // telling anyone: for a built-in that must make an access before it knows its kind (a
  // compare-exchange stores only when its comparison holds), then reports it through access().
  virtual bool reachable(const void* address, std::size_t size) {
    (void)address, (void)size;
    return true;
  }
  // An async copy or wait reached by `lanes` (the checkers judge divergence, unwaited copies
  // and accesses of a copy's bytes before its wait); `uniform` false when the lanes' arguments
  // differ; `copy` the copy's bytes (nullptr for a wait).
  virtual void async_step(bool wait, const Lanes& lanes, bool uniform, const std::uint64_t* events,
                          std::uint32_t event_count, const AsyncCopyShape* copy) {
    (void)wait, (void)lanes, (void)uniform, (void)events, (void)event_count, (void)copy;
  }
  // A work-group collective function (`function`, OpenCL C 2.0 §6.13.15) reached by `lanes`:
  // every work-item of the group must reach it, with the same local id for broadcast
  // (`uniform` false when they differ); `in_range` false when broadcast's local id names no
  // work-item of the group.
  virtual void group_function(const Lanes& lanes, std::string_view function, bool uniform,
                              bool in_range) {
    (void)lanes, (void)function, (void)uniform, (void)in_range;
  }
  // The memory order and scope of the atomic accesses the built-in reports next through
  // access() (until it says otherwise).
  virtual void atomic_semantics(std::uint8_t order, std::uint8_t scope) {
    (void)order, (void)scope;
  }
  // atomic_work_item_fence(flags, order, scope) by `lanes`.
  virtual void atomic_fence(const Lanes& lanes, std::uint32_t flags, std::uint8_t order,
                            std::uint8_t scope) {
    (void)lanes, (void)flags, (void)order, (void)scope;
  }
  // A sub-group function (`function`, 3.0 §6.15.19) reached by `reached`, the lanes of one
  // sub-group of `size` work-items that reached it: every work-item of the sub-group must reach
  // it, with the same arguments where the function asks for that (`uniform` false when they
  // differ or name no work-item of the sub-group).
  virtual void sub_group_function(const Lanes& reached, std::uint32_t size,
                                  std::string_view function, bool uniform) {
    (void)reached, (void)size, (void)function, (void)uniform;
  }
  // sub_group_barrier(flags) reached by `reached`, the lanes of one sub-group of `size`
  // work-items: when all of them reached it, it orders their accesses of the memory `flags`
  // names (CLK_LOCAL_MEM_FENCE 1, CLK_GLOBAL_MEM_FENCE 2) among themselves (3.0 §6.15.19).
  virtual void sub_group_barrier(const Lanes& reached, std::uint32_t size, std::uint32_t flags) {
    (void)reached, (void)size, (void)flags;
  }
  // Where a cross-lane built-in's result for `lane` comes from (the sub-group and work-group
  // functions): argument 0 of lane `source` (a broadcast, a shuffle), or of every lane of
  // `sources` (a reduction, a vote, a ballot: the whole run; a scan: the lanes up to it; none for
  // a value no work-item gave). What follows a value's origin (the taint shadow) then follows it
  // from the work-item that had it; a lane the built-in says nothing of takes its own arguments.
  virtual void result_from(std::uint32_t lane, std::uint32_t source) { (void)lane, (void)source; }
  virtual void result_from_all(std::uint32_t lane, const Lanes& sources) {
    (void)lane, (void)sources;
  }
  // printf's output for the current work-item, appended to the device's printf buffer.
  virtual void print(std::uint32_t lane, std::string_view text) = 0;
  // The address space `address` lies in (kGlobal, kLocal or kPrivate): where a pointer of the
  // generic address space points (OpenCL C 3.0 §6.7.1.1), decided at run time.
  virtual std::uint8_t address_space_of(std::uint64_t address) const {
    (void)address;
    return kGlobal;
  }
  // The same of any work-group's memory: an address in another work-group's __local arena or
  // a private area of its work-items is in that space too.
  virtual std::uint8_t address_space_in_launch(std::uint64_t address) const {
    return address_space_of(address);
  }
  // Whether other host threads run work-groups of this launch at the same time (the cores may
  // then contend for an atomic object's cache line).
  virtual bool groups_run_concurrently() const { return false; }
  // Whether access() does no more than reachable() (no checker hears the accesses and no taint
  // follows them): a built-in may then check an address many lanes share once, with reachable().
  virtual bool accesses_unobserved() const { return false; }
};

struct BuiltinCall {
  Operand result;                 // base == nullptr for void built-ins
  const Operand* args = nullptr;  // the call's arguments in order
  std::uint32_t arg_count = 0;
  Lanes lanes;
  BuiltinContext* context = nullptr;
};

using BuiltinFn = void (*)(const BuiltinCall&);

// Family resolvers: given a demangled call, the function that implements it, or nullptr when
// the family does not provide that name with those types.
using Resolver = BuiltinFn (*)(const Signature&);

class BuiltinRegistry {
 public:
  void add(std::string_view name, Resolver resolver);
  BuiltinFn resolve(const Signature& signature) const;
  static const BuiltinRegistry& instance();  // with every family registered

 private:
  struct Entry {
    std::string name;
    Resolver resolver;
  };
  std::vector<Entry> entries_;  // sorted by name after construction
  friend struct RegistryBuilder;
};

// Each family registers its names here (builtins/<family>.cpp).
void register_work_item_builtins(BuiltinRegistry&);
void register_math_builtins(BuiltinRegistry&);
void register_integer_builtins(BuiltinRegistry&);
void register_common_builtins(BuiltinRegistry&);
void register_geometric_builtins(BuiltinRegistry&);
void register_relational_builtins(BuiltinRegistry&);
void register_conversion_builtins(BuiltinRegistry&);
void register_vector_data_builtins(BuiltinRegistry&);  // vload/vstore, shuffle
void register_atomic_builtins(BuiltinRegistry&);
void register_async_copy_builtins(BuiltinRegistry&);
void register_printf_builtins(BuiltinRegistry&);
void register_image_builtins(BuiltinRegistry&);  // read_image*, write_image*, get_image_*
void register_work_group_builtins(BuiltinRegistry&);  // work_group_all/any/broadcast/reduce/scan
void register_address_space_builtins(BuiltinRegistry&);  // to_global, to_local, ..., get_fence
void register_sub_group_builtins(BuiltinRegistry&);  // cl_khr_subgroups
void register_integer_dot_product_builtins(BuiltinRegistry&);  // cl_khr_integer_dot_product

}  // namespace clvet::interp
