// The OpenCL API described as data: entry points, their parameters and each parameter's role.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace clvet::api {

// Kinds of OpenCL object a handle can name.
enum class ObjectKind : std::uint8_t {
  None,
  Platform,
  Device,
  Context,
  CommandQueue,
  Mem,
  Sampler,
  Program,
  Kernel,
  Event,
};

std::string_view to_string(ObjectKind kind);

// What a parameter is for. Wrappers, trace encoders and printers dispatch on this.
enum class Role : std::uint8_t {
  Value,           // a scalar passed by value (size, offset, cl_bool, pitch)
  Count,           // the element count of the array parameter(s) that name it as `peer`
  Enum,            // one value of the enumeration `family`
  Bitfield,        // an OR of flags of `family`
  HandleIn,        // an object handle of `kind` (NULL allowed when `nullable`)
  HandleOut,       // where a new handle of `kind` is written
  HandleArrayIn,   // `peer` handles of `kind`
  HandleArrayOut,  // room for `peer` handles of `kind`, written by the call
  CountOut,        // where the call writes how many entries exist
  ArrayIn,         // `peer` (or `fixed_length`) elements read by the call
  ArrayOut,        // `peer` elements written by the call
  StringIn,        // a NUL-terminated string
  StringArrayIn,   // `peer` strings, lengths in `peer2` (NULL: NUL-terminated)
  BinaryArrayIn,   // `peer` binaries, lengths in `peer2`
  StructIn,        // one struct of type `family`
  HostMemIn,       // host bytes read by the call, `peer` (or `fixed_length`) bytes
  KernelArgValue,  // a kernel argument's `peer` bytes: a memory object, sampler or queue
                   // handle when they hold one (recorded and replayed as that object)
  HostMemOut,      // host bytes written by the call, `peer` bytes (or computed from a region)
  HostPtr,         // the host_ptr a memory object is created with
  MappedPtr,       // a pointer into a mapped region or an SVM allocation; with a `peer`, it may
                   // also be host memory of `peer` bytes (clEnqueueSVMMemcpy: const, read)
  InfoValueOut,    // param_value of a get-info query: `peer` bytes, size written to `peer2`
  InfoSizeRet,     // param_value_size_ret of a get-info query
  ValueOut,        // a scalar written by the call
  Properties,      // a zero-terminated property list of `family`
  Callback,        // a function pointer called later with the user_data named by `peer`
  UserData,        // opaque pointer handed back to a callback
  ErrcodeRet,      // where the error code of an object-returning call is written
  Opaque,          // a foreign handle (GL, EGL) passed through untouched
};

std::string_view to_string(Role role);

// How an entry point reports failure.
enum class Returns : std::uint8_t {
  ErrorCode,           // returns cl_int
  ObjectWithErrcode,   // returns a handle, NULL on failure, code in errcode_ret
  PointerWithErrcode,  // returns a host pointer (map), NULL on failure, code in errcode_ret
  Pointer,             // returns a pointer, NULL on failure (clSVMAlloc)
  Void,                // returns nothing (clSVMFree)
  FunctionAddress,     // returns an entry point address or NULL
  Unavailable,         // a slot that has no prototype on this OS (Direct3D, DX9 sharing)
};

// What a call does to the state the calls after it see, besides creating objects (HandleOut,
// a returned handle) and counting references (retain, release): the facts the trace recorder
// and the replayer both act on, so that what one records is what the other re-creates.
enum class Effect : std::uint8_t {
  None,
  Map,            // returns a host pointer to a region of its memory object, or gives the host
                  // the region of an SVM allocation its MappedPtr names (flags say how)
  Unmap,          // the region its MappedPtr points into is mapped no longer
  FreeSvm,        // the SVM allocation its MappedPtr names is freed
  Launch,         // enqueues a kernel with the arguments set so far (SetKernelArg: KernelArgValue)
  Finish,         // returns once every command of its queue has completed
  WaitForEvents,  // returns once the events it lists have completed
  Build,          // builds, compiles or links a program for its devices
};

std::string_view to_string(Effect effect);

struct Param {
  std::string_view type;
  std::string_view name;
  Role role = Role::Value;
  ObjectKind kind = ObjectKind::None;
  std::string_view peer = {};    // the length, size or user_data parameter paired with this one
  std::string_view peer2 = {};   // a second pairing: size_ret of an info query, lengths of strings
  std::string_view family = {};  // enum, bitfield, property or struct type name
  bool nullable = false;         // NULL (or 0 elements) is allowed by the spec
  std::uint8_t fixed_length = 0; // element count fixed by the spec (origin[3], fill_color[16 bytes])
  // The image whose format sizes this colour (clEnqueueFillImage's fill_color: "a single
  // floating point value if the channel order is CL_DEPTH", else four components, 3.0 §5.3.4);
  // fixed_length is then the most the call reads.
  std::string_view fill_color_of = {};
  // A cl_bool saying whether the call returns only once its command has completed
  // (blocking_read, blocking_write, blocking_map...): until then host memory it reads or
  // writes is the command's.
  bool blocking = false;
};

struct EntryPoint {
  std::string_view name;
  int slot;                      // index in struct _cl_icd_dispatch, -1 for extension-only entries
  std::string_view return_type;
  Returns returns;
  std::string_view since;        // OpenCL version that introduced it ("1.0" ... "3.0")
  std::string_view extension;    // the extension that provides it, empty for core
  std::span<const Param> params;
  Effect effect = Effect::None;

  std::optional<std::size_t> param_index(std::string_view param_name) const;
  // The parameter that says whether the call blocks (Param::blocking), if it has one.
  const Param* blocking_param() const;
};

// Every entry point clvet knows, dispatch slots first in slot order, then extension-only ones.
std::span<const EntryPoint> entry_points();
const EntryPoint* find_entry_point(std::string_view name);
// Number of slots in struct _cl_icd_dispatch that the table describes.
int dispatch_slot_count();

}  // namespace clvet::api
