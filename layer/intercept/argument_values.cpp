// Kernel argument values and lists of binaries judged before the call.
#include "argument_values.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "clvet/rules/args.gen.h"
#include "kernel_signatures.h"
#include "object_facts.h"
#include "findings.h"
#include "objects.h"
#include "svm_allocations.h"
#include "svm_pointer_values.h"

namespace clvet::layer {
namespace {

using api::ObjectKind;

const rules::Rule& rule(std::string_view id) {
  const rules::Rule* found = rules::find_rule(id);
  if (found == nullptr) {
    // The catalogue is compiled in: a missing id is a mistake in this file, found by the tests.
    std::fprintf(stderr, "clvet: internal error: no rule %.*s\n", static_cast<int>(id.size()),
                 id.data());
    std::abort();
  }
  return *found;
}

// Where the driver cannot say: what the program's source, if the layer saw it, declares.
Declared declared_in_source(const rules::World& w, cl_kernel kernel, cl_uint index) {
  const auto program = rules::get<cl_program>(w, rules::InfoQuery::Kernel, kernel, CL_KERNEL_PROGRAM);
  if (!program) return Declared::Unknown;
  std::array<char, 256> name{};
  if (w.info(rules::InfoQuery::Kernel, kernel, nullptr, CL_KERNEL_FUNCTION_NAME, name.size() - 1,
             name.data(), nullptr) != CL_SUCCESS)
    return Declared::Unknown;
  return layer::declared_in_source(objects().identity(*program).id, name.data(), index)
      .value_or(Declared::Unknown);
}

Declared ask_declared(const rules::World& w, cl_kernel kernel, cl_uint index) {
  const void* extra = reinterpret_cast<const void*>(static_cast<std::uintptr_t>(index));
  const auto address = rules::get<cl_kernel_arg_address_qualifier>(
      w, rules::InfoQuery::KernelArg, kernel, CL_KERNEL_ARG_ADDRESS_QUALIFIER, extra);
  if (!address) return declared_in_source(w, kernel, index);  // CL_KERNEL_ARG_INFO_NOT_AVAILABLE
  if (*address == CL_KERNEL_ARG_ADDRESS_LOCAL) return Declared::Local;
  std::array<char, 64> type{};
  std::size_t size = 0;
  if (w.info(rules::InfoQuery::KernelArg, kernel, extra, CL_KERNEL_ARG_TYPE_NAME, type.size() - 1,
             type.data(), &size) != CL_SUCCESS)
    return *address == CL_KERNEL_ARG_ADDRESS_PRIVATE ? Declared::Unknown : Declared::Buffer;
  const std::string_view name(type.data());
  if (name.starts_with("image")) return Declared::Image;
  if (name == "sampler_t") return Declared::Sampler;
  if (name == "queue_t") return Declared::Queue;
  if (*address == CL_KERNEL_ARG_ADDRESS_GLOBAL || *address == CL_KERNEL_ARG_ADDRESS_CONSTANT)
    return Declared::Buffer;
  return Declared::Value;
}

// A kernel's declarations are asked once (a type name is longer than the object table keeps of
// a driver's answer) and kept with the kernel: those of its first arguments all at once, as one
// of its facts (object_facts.h), read on every clSetKernelArg; the others one by one, under a key
// of their own.
constexpr std::uint32_t kDeclaredKey = 0x10000;

Declared declared(const rules::World& w, cl_kernel kernel, cl_uint index) {
  if (index < kDeclarationsInFact) {
    std::uint64_t packed = 0;
    if (objects().fact(kernel, ObjectKind::Kernel, kKernelDeclarationsPlace, nullptr, packed) !=
        checker::ObjectTable::Recall::Answered) {
      const cl_uint count = std::min(
          rules::get<cl_uint>(w, rules::InfoQuery::Kernel, kernel, CL_KERNEL_NUM_ARGS).value_or(0),
          kDeclarationsInFact);
      packed = 0;
      for (cl_uint i = 0; i < count; ++i)
        packed |= (std::uint64_t{static_cast<std::uint8_t>(ask_declared(w, kernel, i))} + 1) << 4 * i;
      objects().keep_fact(kernel, kKernelDeclarationsPlace, nullptr, packed);
    }
    if (const auto nibble = static_cast<std::uint8_t>(packed >> 4 * index & 0xf); nibble != 0)
      return static_cast<Declared>(nibble - 1);
  }
  const checker::ObjectTable::AnswerKey key{
      kDeclaredKey, 0, reinterpret_cast<const void*>(static_cast<std::uintptr_t>(index))};
  std::uint8_t kept = 0;
  if (objects().recall(kernel, ObjectKind::Kernel, key, sizeof kept, &kept, nullptr) ==
      checker::ObjectTable::Recall::Answered)
    return static_cast<Declared>(kept);
  const Declared d = ask_declared(w, kernel, index);
  kept = static_cast<std::uint8_t>(d);
  objects().remember(kernel, key, sizeof kept, &kept);
  return d;
}

// The rule, the object kind and the code for an argument declared as `d` that holds a handle.
struct HandleArgument {
  std::string_view rule;
  ObjectKind kind;
};

std::optional<HandleArgument> handle_argument(Declared d) {
  switch (d) {
    case Declared::Buffer:
    case Declared::Image:
      return HandleArgument{"SetKernelArgInvalidMemObject", ObjectKind::Mem};
    case Declared::Sampler:
      return HandleArgument{"SetKernelArgInvalidSampler", ObjectKind::Sampler};
    case Declared::Queue:
      return HandleArgument{"SetKernelArgInvalidDeviceQueue", ObjectKind::CommandQueue};
    default:
      return std::nullopt;
  }
}

ArgumentVerdict broken(std::string_view id, bool dereferenced, std::string detail) {
  ArgumentVerdict verdict;
  verdict.rule = &rule(id);
  verdict.dereferenced = dereferenced;
  verdict.detail = std::move(detail);
  return verdict;
}

// A live command queue as the value of a queue_t argument: it must be a device queue (2.2 §5.9.2:
// "the arg_value entry must be a pointer to the device queue object"; CL_INVALID_DEVICE_QUEUE
// otherwise), one made with CL_QUEUE_ON_DEVICE. A host queue is refused before the driver: PoCL
// 3.1, which has no device-side enqueue (CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES 0), takes it, and
// its next launch of the kernel aborts (pocl_kernel_collect_mem_objs reads the queue as a memory
// object), as it does for a released queue. No device queue can be made there
// (clCreateCommandQueueWithProperties with CL_QUEUE_ON_DEVICE ends the process), so no such
// argument is ever right on PoCL. Where the driver cannot say the queue's properties, nothing.
ArgumentVerdict device_queue(cl_uint index, const void* queue, const rules::World& w) {
  const auto properties = rules::get<cl_command_queue_properties>(
      w, rules::InfoQuery::CommandQueue, queue, CL_QUEUE_PROPERTIES);
  if (!properties || (*properties & CL_QUEUE_ON_DEVICE) != 0) return {};
  return broken("SetKernelArgInvalidDeviceQueue", true,
                fmt::format("arg_value of argument {} is the host command queue {} (made without "
                            "CL_QUEUE_ON_DEVICE), not a device queue",
                            index, queue));
}

// §5.7.2 clSetKernelArg: the value an argument's declaration takes.
ArgumentVerdict kernel_argument(const args::SetKernelArg& a, const rules::World& w,
                                const LayerWorld& layer) {
  if (!rules::valid(w, a.kernel)) return {};  // the kernel's own rules
  const Declared d = declared(w, a.kernel, a.arg_index);
  // Said only of a value found wrong: clSetKernelArg is in applications' inner loops.
  auto where = [&] { return fmt::format("arg_value of argument {}", a.arg_index); };
  if (d == Declared::Local) {
    if (a.arg_size == 0)
      return broken("SetKernelArgBadSize", false,
                    fmt::format("argument {} is declared __local: arg_size is its size in bytes, "
                                "not 0",
                                a.arg_index));
    if (a.arg_value != nullptr)
      return broken("SetKernelArgBadValue", false,
                    fmt::format("argument {} is declared __local: arg_value must be NULL", a.arg_index));
    return {};
  }
  if (d == Declared::Value) {
    if (a.arg_value == nullptr)
      return broken("SetKernelArgBadValue", true,
                    fmt::format("argument {} is passed by value: arg_value is NULL, and the driver "
                                "would copy {} bytes from it",
                                a.arg_index, a.arg_size));
    return {};
  }
  if (const auto handle = handle_argument(d)) {
    const std::size_t expected = sizeof(void*);
    if (a.arg_size != expected)
      return broken("SetKernelArgBadSize", a.arg_value != nullptr && a.arg_size < expected,
                    fmt::format("argument {} holds a {}: arg_size is {}, not sizeof({}) = {}",
                                a.arg_index, handle_type(handle->kind), a.arg_size,
                                handle_type(handle->kind), expected));
    // A buffer argument may be NULL, or point to NULL (§5.7.2); nothing else may.
    const void* value = a.arg_value ? *static_cast<const void* const*>(a.arg_value) : nullptr;
    if (value == nullptr && d == Declared::Buffer) return {};
    if (value != nullptr && w.kind_of(value) == handle->kind && d == Declared::Queue)
      return device_queue(a.arg_index, value, w);
    if (value != nullptr && w.kind_of(value) == handle->kind) return {};
    return broken(handle->rule, true, handle_problem(where(), value, handle->kind));
  }
  // Neither the driver nor the source can say what the argument is: a pointer-sized value that names an object the
  // layer has seen released, or a live one of a kind no argument takes, is a handle gone
  // wrong, not a number.
  if (a.arg_value == nullptr || a.arg_size != sizeof(void*)) return {};
  const void* value = *static_cast<const void* const*>(a.arg_value);
  layer.asked(value);
  const checker::ObjectTable::Identity seen = objects().identity(value);
  if (seen.id == 0) return {};
  const ObjectKind live = w.kind_of(value);
  if (live == ObjectKind::Mem || live == ObjectKind::Sampler || live == ObjectKind::CommandQueue)
    return {};
  const ObjectKind meant = live == ObjectKind::None ? seen.kind : ObjectKind::Mem;
  if (meant == ObjectKind::Sampler)
    return broken("SetKernelArgInvalidSampler", true,
                  handle_problem(where(), value, ObjectKind::Sampler));
  if (meant == ObjectKind::CommandQueue)
    return broken("SetKernelArgInvalidDeviceQueue", true,
                  handle_problem(where(), value, ObjectKind::CommandQueue));
  return broken("SetKernelArgInvalidMemObject", true, handle_problem(where(), value, ObjectKind::Mem));
}

// §5.6.1 clCreateProgramWithBinary: "CL_INVALID_VALUE if lengths or binaries are NULL or if
// any entry in lengths[i] is zero or binaries[i] is NULL" (the implementation's to raise, as
// it also writes binary_status[i]; the driver reads every entry first).
ArgumentVerdict program_binaries(const args::CreateProgramWithBinary& a) {
  if (a.device_list == nullptr || a.num_devices == 0) return {};  // a precheck's
  if (a.lengths == nullptr || a.binaries == nullptr)
    return broken("CreateProgramWithBinaryBadBinaries", true,
                  fmt::format("{} is NULL; {} entries are required (one per device)",
                              a.binaries == nullptr ? "binaries" : "lengths", a.num_devices));
  constexpr cl_uint kRead = 1u << 16;  // a count past this is garbage: not read through
  for (cl_uint i = 0; i < a.num_devices && i < kRead; ++i) {
    if (a.binaries[i] == nullptr)
      return broken("CreateProgramWithBinaryBadBinaries", true, fmt::format("binaries[{}] is NULL", i));
    if (a.lengths[i] == 0)
      return broken("CreateProgramWithBinaryBadBinaries", true, fmt::format("lengths[{}] is 0", i));
  }
  return {};
}

// 2.2 §5.9.2 clSetKernelArgSVMPointer: "CL_INVALID_ARG_VALUE if arg_value specified is not a
// valid value": without fine-grained system SVM, a pointer into an allocation clSVMAlloc made
// and no one freed (or NULL). The kernel would read and write through it.
ArgumentVerdict svm_argument(const args::SetKernelArgSVMPointer& a, const rules::World& w) {
  if (a.arg_value == nullptr || !rules::valid(w, a.kernel)) return {};
  const SvmPointer state = svm_pointer(a.arg_value);
  if (state == SvmPointer::Live) return {};
  for (cl_device_id device : rules::devices_of(w, rules::context_of(w, a.kernel)))
    if ((rules::get<cl_device_svm_capabilities>(w, rules::InfoQuery::Device, device,
                                                CL_DEVICE_SVM_CAPABILITIES)
             .value_or(0) &
         CL_DEVICE_SVM_FINE_GRAIN_SYSTEM) != 0)
      return {};  // any host pointer is an SVM pointer there
  return broken("SetKernelArgSVMPointerBadValue", true,
                fmt::format("arg_value {} of argument {} is {}", a.arg_value, a.arg_index,
                            state == SvmPointer::Freed
                                ? "inside an SVM allocation already freed"
                                : "inside no SVM allocation clSVMAlloc made, and no device of "
                                  "the kernel's context shares system memory"));
}

// §5.6.1 clSVMFree, clEnqueueSVMFree: "svm_pointer must have been allocated using clSVMAlloc"
// (and not freed since): the driver would free it again. NULL is no action.
ArgumentVerdict svm_free(const void* const* pointers, cl_uint count, std::string_view param,
                         bool list) {
  for (cl_uint i = 0; pointers != nullptr && i < count && i < (1u << 16); ++i) {
    const void* pointer = pointers[i];
    if (pointer == nullptr) continue;
    const SvmPointer state = svm_pointer(pointer);
    if (state == SvmPointer::Live) continue;
    ArgumentVerdict verdict;
    verdict.check = check::kSvmFreeNotAllocated;
    verdict.code = CL_INVALID_VALUE;
    verdict.dereferenced = true;
    const std::string where = list ? fmt::format("{}[{}]", param, i) : std::string(param);
    verdict.detail = fmt::format("{} = {} is {}", where, pointer,
                                 state == SvmPointer::Freed ? "an SVM allocation already freed"
                                                            : "no SVM allocation clSVMAlloc made");
    return verdict;
  }
  return {};
}

}  // namespace

ArgumentVerdict judge_argument_values(std::uint32_t entry_index, const void* args,
                                      const LayerWorld& world) {
  if (world.was_judged_before()) return {};
  switch (entry_index) {
    case args::SetKernelArg::kEntryIndex: {
      // Judged with the World the rules were, when the call is being recorded.
      const rules::World& w = world.recording() ? kept_verdicts::recording_world() : world;
      ArgumentVerdict verdict =
          kernel_argument(*static_cast<const args::SetKernelArg*>(args), w, world);
      if (verdict)
        kept_verdicts::broken(world);
      else
        kept_verdicts::passed(world);
      return verdict;
    }
    case args::SetKernelArgSVMPointer::kEntryIndex:
      return svm_argument(*static_cast<const args::SetKernelArgSVMPointer*>(args), world);
    case args::SVMFree::kEntryIndex: {
      const auto& a = *static_cast<const args::SVMFree*>(args);
      return svm_free(&a.svm_pointer, 1, "svm_pointer", false);
    }
    case args::EnqueueSVMFree::kEntryIndex: {
      const auto& a = *static_cast<const args::EnqueueSVMFree*>(args);
      return svm_free(a.svm_pointers, a.num_svm_pointers, "svm_pointers", true);
    }
    case args::CreateProgramWithBinary::kEntryIndex:
      return program_binaries(*static_cast<const args::CreateProgramWithBinary*>(args));
    default:
      return judge_svm_pointers(entry_index, args, world);
  }
}

bool judges_argument_values(std::uint32_t entry_index) {
  switch (entry_index) {
    case args::SetKernelArg::kEntryIndex:
    case args::SetKernelArgSVMPointer::kEntryIndex:
    case args::SVMFree::kEntryIndex:
    case args::EnqueueSVMFree::kEntryIndex:
    case args::CreateProgramWithBinary::kEntryIndex:
      return true;
    default:
      return judges_svm_pointers(entry_index);
  }
}

}  // namespace clvet::layer
