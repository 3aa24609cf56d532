// A program executable decoded for the interpreter: its kernels' interfaces (what the API's
// kernel queries answer) and the launch of an NDRange over the lockstep engine.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "clvet/interp/frontend.h"
#include "clvet/interp/image.h"
#include "clvet/interp/observer.h"

namespace clvet::interp {

// One kernel parameter, as the program's metadata describes it (§5.7.3, clGetKernelArgInfo), in
// OpenCL C's words; the device says them in the API's values. The address space follows from
// `kind`: Global, Image and Pipe are __global, Constant __constant, Local __local, the rest
// private.
struct KernelArgInfo {
  enum class Kind { Value, Global, Constant, Local, Image, Sampler, Pipe, Queue };
  // The access qualifier of an image or pipe (§6.7.6); None for everything else.
  enum class Access : std::uint8_t { None, ReadOnly, WriteOnly, ReadWrite };
  // The image type an image parameter takes (the depth and multi-sample types are the 2D ones).
  enum class Image : std::uint8_t { None, Image1D, Image1DArray, Image1DBuffer, Image2D,
                                    Image2DArray, Image3D };
  // The type qualifiers of §6.7 (and a pointer to __constant memory is const).
  struct TypeQualifiers {
    bool is_const = false, is_restrict = false, is_volatile = false, is_pipe = false;
  };
  Kind kind = Kind::Value;
  std::uint64_t size = 0;          // by-value: bytes the host passes; pointers/objects: 8
  Access access = Access::None;
  TypeQualifiers qualifiers;
  std::string type_name;
  std::string name;                // only with -cl-kernel-arg-info (§5.7.3)
  // The parameter's name as declared, whatever the build options: the device's own findings
  // name arguments with it ("argument 2 'scratch'"); clGetKernelArgInfo answers `name`.
  std::string declared_name;
  Image image = Image::None;
};

struct KernelInfo {
  std::string name;
  std::string attributes;          // CL_KERNEL_ATTRIBUTES, as written in the source
  std::vector<KernelArgInfo> args;
  std::uint64_t required_work_group_size[3] = {0, 0, 0};
  std::uint64_t local_mem_size = 0;    // __local variables the kernel uses
  std::uint64_t private_mem_size = 0;  // per work-item
  bool arg_info_available = false;     // names and type names (-cl-kernel-arg-info)
  // The source files the program's debug info names (the same for every kernel of it), the
  // main source first: index i is the file of an engine line whose source_file_of() is i
  // (clvet/interp/source_position.h). Filled when the executable is decoded.
  std::vector<std::string> source_files;
};

// Reads the kernels' interfaces out of a linked executable (frontend/kernel_metadata.cpp).
bool kernel_infos(const Bytes& bitcode, std::vector<KernelInfo>& out, std::string& error);

// One kernel argument of a launch: its value for the engine and what the launch's observers name
// it by. The one record of an argument from the device to the engine and the checkers.
struct LaunchArg {
  enum class Kind { Bytes, Buffer, Local, Null };
  Kind kind = Kind::Bytes;
  std::vector<std::uint8_t> bytes;  // Bytes: by-value data
  void* pointer = nullptr;          // Buffer: the host storage of the (sub-)buffer
  std::uint64_t size = 0;           // Buffer: its size; Local: bytes per work-group
  bool read_only = false, write_only = false;  // Buffer: the cl_mem flags
  // Buffer, with TaintSources::buffer_marks: one byte per byte of the buffer, 1 where the byte
  // is tainted (the kernel's stores update it); nullptr: no byte is.
  std::uint8_t* taint = nullptr;
  // The marks say which bytes are written (1) rather than tainted: a store's marks start as
  // zero pages the OS makes when first touched, so a buffer of gigabytes costs nothing until
  // a kernel or a write reaches its bytes.
  bool taint_marks_written = false;
  std::string name;                 // the parameter's name as declared (may be empty)
  bool constant = false;            // Buffer: a pointer to __constant memory
  std::string created_by;           // Buffer: the call that created it ("clCreateSubBuffer")
  // An image argument: a Buffer over the image's bytes (so that every checker sees its texels
  // as it sees a buffer's bytes) with the image's format and shape. The kernel's value of the
  // argument is `pointer`, which the image built-ins look the image up by.
  std::optional<ImageDescriptor> image;
};

// Memory a launch reaches that no argument is: the context's SVM allocations (OpenCL 2.2 §5.6.1:
// a kernel follows pointers stored in SVM, and clSetKernelExecInfo's CL_KERNEL_EXEC_INFO_SVM_PTRS
// names more). The engine lets accesses in and carries taint through them as through a buffer.
struct LaunchMemory {
  void* pointer = nullptr;
  std::uint64_t size = 0;
  // One byte per byte, 1 where written (ShadowMap::Kind::TrackedWritten); nullptr: all written.
  std::uint8_t* taint = nullptr;
  bool read_only = false, write_only = false;  // the allocation's CL_MEM_READ_ONLY / WRITE_ONLY
  std::string label;       // "SVM allocation of 256 bytes", as findings name it
  std::string created_by;  // "clSVMAlloc (call #3)"
  // An SVM allocation that neither an argument nor CL_KERNEL_EXEC_INFO_SVM_PTRS names: the
  // kernel may not use it (2.2 §5.9.2), and the memory checker reports an access of it.
  bool not_named = false;
};

// The taint shadow, a mechanism that a checker configures: one shadow byte per byte of memory and
// of every register, 1 where the byte is tainted. The sources say which bytes start tainted; the
// engine carries taint from operands to results (element by element), from memory to what a load
// reads and from a store's value to memory; a copy between memories moves it. A sink is a use of
// a value the checker wants to hear of: where tainted bytes reach one, the engine reports
// EngineEvent::TaintedUse with the sink (once per instruction and work-group), and the value
// counts as clean after it (a comparison's or select's result is the decision as made). With no
// source or no sink there is no shadow, and the engine pays one test per instruction.
struct TaintSources {
  bool private_memory = false;  // a call's private variables, until the call stores to them
  bool local_memory = false;    // __local memory, at the start of each work-group
  bool buffer_marks = false;    // the bytes LaunchArg::taint marks
  bool any() const { return private_memory || local_memory || buffer_marks; }
};
struct TaintSinks {
  bool conditions = false;     // branch and switch conditions, comparisons, select conditions
  bool addresses = false;      // addresses of loads, stores, atomics, memory copies; pointers
                               // passed to built-ins
  bool global_stores = false;  // values stores, atomics and built-ins write to global memory
  bool builtin_values = false; // values (not pointers) passed to built-in functions
  bool any() const { return conditions || addresses || global_stores || builtin_values; }
};
struct TaintConfig {
  TaintSources sources;
  TaintSinks sinks;
  bool on() const { return sources.any() && sinks.any(); }
};

struct LaunchRequest {
  std::string kernel;
  std::uint32_t work_dim = 1;
  std::uint64_t global_offset[3] = {0, 0, 0};
  std::uint64_t global_size[3] = {1, 1, 1};
  std::uint64_t local_size[3] = {1, 1, 1};  // already chosen (the device picks when NULL)
  std::vector<LaunchArg> args;
  std::vector<LaunchMemory> memory;         // SVM allocations (argument or not)
  unsigned threads = 0;                     // 0: the engine's pool size
  LaunchObserver* observer = nullptr;       // the kernel checkers, or none
  // The budget: the launch is stopped after this many decoded instructions (each counted
  // once per work-group, over all its lanes) or seconds; 0: no limit.
  std::uint64_t budget_instructions = 0;
  double budget_seconds = 0;
  // Mechanisms a bounds checker switches on. separate_objects: every __local and private
  // variable and argument its own region, with 16 bytes of no man's land (a red zone) after it,
  // so that an overflow lands outside every object. index_checks: the decoder's checks of
  // indices into static arrays run (EngineEvent::IndexOutsideArray).
  bool separate_objects = false;
  bool index_checks = false;
  // The taint shadow, as the launch's checkers configure it (off by default).
  TaintConfig taint;
};

struct LaunchResult {
  bool ok = false;
  std::string error;          // why the kernel could not run
  std::string printf_output;  // flushed by the caller at completion
  // Without an observer: what the engine met (the first 16, and how many more), for whoever
  // judges the launch. With one, the observer heard each as it happened.
  std::vector<EngineProblem> problems;
  std::uint64_t more_problems = 0;
  bool budget_exceeded = false;  // stopped by the budget
};

class Executable {
 public:
  // Decodes every kernel of a linked executable. Fails (with a message naming the
  // instruction, intrinsic or built-in) when something cannot be executed exactly.
  static std::shared_ptr<Executable> load(const Bytes& bitcode, std::string& error);
  virtual ~Executable() = default;

  virtual const std::vector<KernelInfo>& kernels() const = 0;
  // Bytes of program-scope __global variables (CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE).
  virtual std::uint64_t global_variable_size() const = 0;
  // The program's own __global and __constant variables where they live (OpenCL C 3.0
  // §6.7.8), for the checkers to know them as objects.
  struct ProgramVariable {
    std::string label;      // "program-scope variable 'counter'", "static variable 'n' in 'f'"
    void* address = nullptr;
    std::uint64_t size = 0;
    bool constant = false;  // __constant: never written
  };
  virtual std::vector<ProgramVariable> program_variables() const = 0;
  virtual LaunchResult launch(const LaunchRequest& request) = 0;
};

}  // namespace clvet::interp
