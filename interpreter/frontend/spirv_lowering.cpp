// spirv_lowering: a validated SPIR-V module's instructions that the LLVM/SPIR-V translator 15
// cannot read (1.4-1.6's, and a few of every version), rewritten into equivalent forms it reads
// (SPIR-V specification §3.32 and §3.37, Appendix A's changes of 1.4, 1.5 and 1.6).
#include "frontend/spirv_lowering.h"

#include <spirv-tools/libspirv.h>
#include <spirv/unified1/spirv.h>

#include <algorithm>
#include <bit>
#include <unordered_map>
#include <unordered_set>

namespace clvet::interp {

namespace {

constexpr std::uint32_t kHeaderWords = 5;
constexpr std::uint32_t kMemoryAccessExtraOperands =
    SpvMemoryAccessMakePointerAvailableMask | SpvMemoryAccessMakePointerVisibleMask;

// One instruction of the module as SPIRV-Tools parsed it.
struct Instruction {
  SpvOp opcode;
  std::uint32_t type_id = 0, result_id = 0;
  std::vector<std::uint32_t> words;
  std::vector<spv_parsed_operand_t> operands;
  std::uint32_t operand(std::size_t n) const { return words[operands[n].offset]; }
};

std::uint32_t first_word(SpvOp opcode, std::size_t count) {
  return static_cast<std::uint32_t>(count) << 16 | static_cast<std::uint32_t>(opcode);
}

// A memory operands set (SPIR-V §3.26): the mask and the literal or id each of its bits takes.
struct MemoryOperands {
  std::uint32_t mask = 0, alignment = 0;
  std::size_t words = 0;  // how many words of the instruction it takes
};

MemoryOperands memory_operands(const std::vector<std::uint32_t>& words, std::size_t at) {
  MemoryOperands m;
  m.mask = words[at];
  m.words = 1;
  if (m.mask & SpvMemoryAccessAlignedMask) m.alignment = words[at + m.words++];
  m.words += std::popcount(m.mask & kMemoryAccessExtraOperands);
  return m;
}

class Lowering {
 public:
  explicit Lowering(std::vector<std::uint32_t>& words) : words_(words), bound_(words[3]) {}

  std::string run() {
    spv_context context = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
    spv_diagnostic diagnostic = nullptr;
    const spv_result_t parsed = spvBinaryParse(context, this, words_.data(), words_.size(), nullptr,
                                               &Lowering::take, &diagnostic);
    spvDiagnosticDestroy(diagnostic);
    spvContextDestroy(context);
    if (parsed != SPV_SUCCESS) return "the module cannot be parsed";
    for (std::size_t i = 0; i < module_.size(); ++i) {
      if (module_[i].result_id != 0) defined_[module_[i].result_id] = i;
      if (module_[i].opcode == SpvOpCapability) capabilities_.push_back(module_[i].operand(0));
      if (module_[i].opcode == SpvOpDecorate && module_[i].operand(1) == SpvDecorationBuiltIn)
        built_ins_.insert(module_[i].operand(0));
    }
    std::vector<std::uint32_t> body;
    std::size_t functions = module_.size();
    for (std::size_t i = 0; i < module_.size(); ++i) {
      if (module_[i].opcode == SpvOpFunction && functions == module_.size()) functions = i;
      std::string error = lower(module_[i], i < functions ? head_ : body);
      if (!error.empty()) return error;
    }
    std::vector<std::uint32_t> out(words_.begin(), words_.begin() + kHeaderWords);
    out[1] = std::min(out[1], kTranslatorSpirvVersion);
    out[3] = bound_;
    // New capabilities go first, where the module's own are (SPIR-V §2.4's layout); new types
    // and constants after the module's, before its first function.
    out.insert(out.end(), new_capabilities_.begin(), new_capabilities_.end());
    out.insert(out.end(), head_.begin(), head_.end());
    out.insert(out.end(), new_globals_.begin(), new_globals_.end());
    out.insert(out.end(), body.begin(), body.end());
    words_ = std::move(out);
    return {};
  }

 private:
  static spv_result_t take(void* user, const spv_parsed_instruction_t* parsed) {
    auto& self = *static_cast<Lowering*>(user);
    Instruction i;
    i.opcode = static_cast<SpvOp>(parsed->opcode);
    i.type_id = parsed->type_id;
    i.result_id = parsed->result_id;
    i.words.assign(parsed->words, parsed->words + parsed->num_words);
    i.operands.assign(parsed->operands, parsed->operands + parsed->num_operands);
    self.module_.push_back(std::move(i));
    return SPV_SUCCESS;
  }

  const Instruction* definition(std::uint32_t id) const {
    auto found = defined_.find(id);
    return found == defined_.end() ? nullptr : &module_[found->second];
  }
  std::uint32_t type_of(std::uint32_t id) const {
    const Instruction* d = definition(id);
    return d ? d->type_id : 0;
  }
  bool is_pointer_type(std::uint32_t type) const {
    const Instruction* d = definition(type);
    return d && d->opcode == SpvOpTypePointer;
  }
  bool is_vector_type(std::uint32_t type) const {
    const Instruction* d = definition(type);
    return d && d->opcode == SpvOpTypeVector;
  }

  static void emit(std::vector<std::uint32_t>& out, SpvOp opcode,
                   std::initializer_list<std::uint32_t> operands) {
    out.push_back(first_word(opcode, operands.size() + 1));
    out.insert(out.end(), operands.begin(), operands.end());
  }
  std::uint32_t fresh() { return bound_++; }

  // The 64-bit integer type pointers convert to (the OpenCL environment's Physical64
  // addressing), declared with the Int64 capability where the module has neither.
  std::uint32_t address_type() {
    if (address_type_ != 0) return address_type_;
    for (const Instruction& i : module_)
      if (i.opcode == SpvOpTypeInt && i.operand(1) == 64 && i.operand(2) == 0)
        return address_type_ = i.result_id;
    address_type_ = fresh();
    emit(new_globals_, SpvOpTypeInt, {address_type_, 64, 0});
    if (std::find(capabilities_.begin(), capabilities_.end(), SpvCapabilityInt64) ==
        capabilities_.end()) {
      emit(new_capabilities_, SpvOpCapability, {SpvCapabilityInt64});
      capabilities_.push_back(SpvCapabilityInt64);
    }
    return address_type_;
  }
  std::uint32_t address_one() {
    if (address_one_ != 0) return address_one_;
    const std::uint32_t type = address_type();
    address_one_ = fresh();
    emit(new_globals_, SpvOpConstant, {type, address_one_, 1, 0});
    return address_one_;
  }
  std::uint32_t address_of(std::uint32_t pointer, std::vector<std::uint32_t>& out) {
    const std::uint32_t id = fresh();
    emit(out, SpvOpConvertPtrToU, {address_type(), id, pointer});
    return id;
  }

  std::string lower(const Instruction& i, std::vector<std::uint32_t>& out) {
    switch (i.opcode) {
      case SpvOpPtrEqual:
      case SpvOpPtrNotEqual: {
        // §3.37.15: whether the two pointers point at the same location, which on the
        // environment's physical pointers is whether their addresses are equal.
        const std::uint32_t a = address_of(i.operand(2), out), b = address_of(i.operand(3), out);
        emit(out, i.opcode == SpvOpPtrEqual ? SpvOpIEqual : SpvOpINotEqual,
             {i.type_id, i.result_id, a, b});
        return {};
      }
      case SpvOpPtrDiff:
        return pointer_difference(i, out);
      case SpvOpCopyLogical:
        return copy_logical(i.type_id, type_of(i.operand(2)), i.operand(2), i.result_id, out);
      case SpvOpDecorateString:
      case SpvOpMemberDecorateString: {
        // UserSemantic is a string for tools that changes nothing a module computes (§3.20);
        // the translator replaces a built-in variable by calls, and aborts where an annotation
        // still names one, so a built-in's is left out.
        if (i.opcode == SpvOpDecorateString && i.operand(1) == SpvDecorationUserSemantic &&
            built_ins_.count(i.operand(0)))
          return {};
        // Since 1.4 a decoration with a string literal may be written either way (§3.37.5);
        // the translator reads the older OpDecorate form, whose words are the same.
        Instruction renamed = i;
        renamed.words[0] = first_word(
            i.opcode == SpvOpDecorateString ? SpvOpDecorate : SpvOpMemberDecorate, i.words.size());
        out.insert(out.end(), renamed.words.begin(), renamed.words.end());
        return {};
      }
      case SpvOpCopyMemory:
      case SpvOpCopyMemorySized:
        return copy_memory(i, out);
      case SpvOpCompositeConstruct:
        if (const Instruction* type = definition(i.type_id);
            type && (type->opcode == SpvOpTypeStruct || type->opcode == SpvOpTypeArray)) {
          construct(i.type_id, i.result_id,
                    std::vector<std::uint32_t>(i.words.begin() + 3, i.words.end()), out);
          return {};
        }
        break;
      case SpvOpBitcast:
        return bitcast(i, out);
      case SpvOpConstantNull:
        if (null_scalar(i, out)) return {};
        break;
      case SpvOpGroupNonUniformRotateKHR:
        // SPV_KHR_subgroup_rotate lets Execution be Workgroup or Subgroup; the translator reads
        // only Subgroup (as sub_group_rotate) and aborts on Workgroup, which no OpenCL built-in
        // rotates by.
        if (const Instruction* scope = definition(i.operand(2));
            scope == nullptr || scope->opcode != SpvOpConstant || scope->operand(2) != SpvScopeSubgroup)
          return "OpGroupNonUniformRotateKHR's Execution scope is not Subgroup: the device rotates "
                 "within a sub-group only (cl_khr_subgroup_rotate's sub_group_rotate)";
        break;
      case SpvOpVectorShuffle:
        if (type_of(i.operand(2)) != type_of(i.operand(3))) return vector_shuffle(i, out);
        break;
      default:
        break;
    }
    std::vector<std::uint32_t> words = i.words;
    // The Nontemporal image operand (1.6) is a hint about caching and takes no operand; the
    // translator, not knowing it, reads an image read with it as one with a level of detail.
    for (const spv_parsed_operand_t& o : i.operands)
      if (o.type == SPV_OPERAND_TYPE_IMAGE || o.type == SPV_OPERAND_TYPE_OPTIONAL_IMAGE)
        words[o.offset] &= ~std::uint32_t{SpvImageOperandsNontemporalMask};
    out.insert(out.end(), words.begin(), words.end());
    return {};
  }

  // §3.32.7 OpConstantNull of a scalar (an integer, a float or a bool, whose null is zero or
  // false, §2.2.2), which the translator 15 takes only of composites, pointers and opaque types
  // and aborts on otherwise, as the OpConstant or OpConstantFalse of that value. False (the
  // instruction kept) for other types.
  bool null_scalar(const Instruction& i, std::vector<std::uint32_t>& out) {
    const Instruction* type = definition(i.type_id);
    if (type == nullptr) return false;
    if (type->opcode == SpvOpTypeBool) {
      emit(out, SpvOpConstantFalse, {i.type_id, i.result_id});
      return true;
    }
    if (type->opcode != SpvOpTypeInt && type->opcode != SpvOpTypeFloat) return false;
    // The literal takes one word up to 32 bits, two above (§2.2.1's literal number).
    if (type->operand(1) > 32)
      emit(out, SpvOpConstant, {i.type_id, i.result_id, 0, 0});
    else
      emit(out, SpvOpConstant, {i.type_id, i.result_id, 0});
    return true;
  }

  // §3.37.12 OpVectorShuffle: "the number of components in Vector 1 and Vector 2 need not
  // match"; the translator 15 asserts that they do (in any version). The shorter operand is
  // widened to the longer one's type by a shuffle of itself (its components, then its first
  // repeated, never selected), and the components that select from the second operand are
  // moved by the first operand's growth.
  std::string vector_shuffle(const Instruction& i, std::vector<std::uint32_t>& out) {
    std::uint32_t first = i.operand(2), second = i.operand(3);
    const Instruction* first_type = definition(type_of(first));
    const Instruction* second_type = definition(type_of(second));
    if (first_type == nullptr || second_type == nullptr || first_type->opcode != SpvOpTypeVector ||
        second_type->opcode != SpvOpTypeVector)
      return "OpVectorShuffle's operands are not vectors";
    const std::uint32_t n1 = first_type->operand(2), n2 = second_type->operand(2);
    const std::uint32_t wide = n1 > n2 ? n1 : n2;
    auto widened = [&](std::uint32_t vector, std::uint32_t count, std::uint32_t type) {
      const std::uint32_t id = fresh();
      std::vector<std::uint32_t> words{first_word(SpvOpVectorShuffle, 0), type, id, vector, vector};
      for (std::uint32_t c = 0; c < wide; ++c) words.push_back(c < count ? c : 0);
      words[0] = first_word(SpvOpVectorShuffle, words.size());
      out.insert(out.end(), words.begin(), words.end());
      return id;
    };
    if (n1 < n2)
      first = widened(first, n1, second_type->result_id);
    else
      second = widened(second, n2, first_type->result_id);
    std::vector<std::uint32_t> words{first_word(SpvOpVectorShuffle, 0), i.type_id, i.result_id,
                                     first, second};
    constexpr std::uint32_t kUndefinedComponent = 0xffffffffu;
    for (std::size_t w = 5; w < i.words.size(); ++w) {
      const std::uint32_t c = i.words[w];
      words.push_back(c == kUndefinedComponent || c < n1 ? c : c - n1 + wide);
    }
    words[0] = first_word(SpvOpVectorShuffle, words.size());
    out.insert(out.end(), words.begin(), words.end());
    return {};
  }

  // §3.37.15 OpPtrDiff: the number of elements of the pointee type between the two pointers,
  // (address 1 - address 2) / the element's size, where the size is what the translator's own
  // layout steps by: the address of the element after the second pointer's less its own.
  std::string pointer_difference(const Instruction& i, std::vector<std::uint32_t>& out) {
    const std::uint32_t type = address_type(), one = address_one();
    const std::uint32_t a = address_of(i.operand(2), out), b = address_of(i.operand(3), out);
    const std::uint32_t next = fresh();
    emit(out, SpvOpPtrAccessChain, {type_of(i.operand(3)), next, i.operand(3), one});
    const std::uint32_t after = address_of(next, out);
    const std::uint32_t size = fresh(), bytes = fresh();
    emit(out, SpvOpISub, {type, size, after, b});
    emit(out, SpvOpISub, {type, bytes, a, b});
    const Instruction* result_type = definition(i.type_id);
    if (result_type == nullptr || result_type->opcode != SpvOpTypeInt)
      return "OpPtrDiff's result is not an integer";
    if (i.type_id == type) {
      emit(out, SpvOpSDiv, {type, i.result_id, bytes, size});
      return {};
    }
    const std::uint32_t elements = fresh();
    emit(out, SpvOpSDiv, {type, elements, bytes, size});
    emit(out, SpvOpSConvert, {i.type_id, i.result_id, elements});
    return {};
  }

  // §3.37.12 OpCopyLogical: a value of a type that logically matches the operand's (the same
  // members or elements, recursively, decorations aside), built member by member.
  std::string copy_logical(std::uint32_t to_type, std::uint32_t from_type, std::uint32_t value,
                           std::uint32_t result, std::vector<std::uint32_t>& out) {
    if (from_type == to_type) {
      emit(out, SpvOpCopyObject, {to_type, result, value});
      return {};
    }
    const Instruction* to = definition(to_type);
    const Instruction* from = definition(from_type);
    if (to == nullptr || from == nullptr) return "OpCopyLogical's types are not declared";
    std::vector<std::pair<std::uint32_t, std::uint32_t>> members;  // (to, from) member types
    if (to->opcode == SpvOpTypeStruct && from->opcode == SpvOpTypeStruct) {
      for (std::size_t m = 1; m < to->operands.size() && m < from->operands.size(); ++m)
        members.emplace_back(to->operand(m), from->operand(m));
    } else if (to->opcode == SpvOpTypeArray && from->opcode == SpvOpTypeArray) {
      const Instruction* length = definition(to->operand(2));
      if (length == nullptr || length->opcode != SpvOpConstant)
        return "OpCopyLogical of an array whose length is not a constant";
      for (std::uint32_t e = 0; e < length->operand(2); ++e)
        members.emplace_back(to->operand(1), from->operand(1));
    } else {
      // Logically matching types that are not aggregates are the same type declared twice
      // (pointers, say): the same bits.
      emit(out, SpvOpBitcast, {to_type, result, value});
      return {};
    }
    std::vector<std::uint32_t> constructed;
    for (std::uint32_t m = 0; m < members.size(); ++m) {
      const std::uint32_t extracted = fresh();
      emit(out, SpvOpCompositeExtract, {members[m].second, extracted, value, m});
      std::uint32_t member = extracted;
      if (members[m].first != members[m].second) {
        member = fresh();
        std::string error =
            copy_logical(members[m].first, members[m].second, extracted, member, out);
        if (!error.empty()) return error;
      }
      constructed.push_back(member);
    }
    construct(to_type, result, constructed, out);
    return {};
  }

  // §3.37.12 OpCompositeConstruct of a struct or an array, as the insertion of each member
  // into an undefined value: the translator 15 makes every such construct an LLVM constant,
  // and crashes where a member is not one (in any version).
  void construct(std::uint32_t type, std::uint32_t result,
                 const std::vector<std::uint32_t>& members, std::vector<std::uint32_t>& out) {
    std::uint32_t value = fresh();
    emit(out, SpvOpUndef, {type, value});
    for (std::uint32_t m = 0; m < members.size(); ++m) {
      const std::uint32_t next = m + 1 == members.size() ? result : fresh();
      emit(out, SpvOpCompositeInsert, {type, next, members[m], value, m});
      value = next;
    }
    if (members.empty()) emit(out, SpvOpCopyObject, {type, result, value});
  }

  // §3.37.8: OpCopyMemory and OpCopyMemorySized may take, since 1.4, two memory operands
  // sets, the target's and the source's (one set holds for both). OpCopyMemory becomes the
  // load of the source and the store to the target it is, each with its own set: the translator
  // 15 fails an assertion on every OpCopyMemory, of any version. OpCopyMemorySized keeps one set
  // that holds for both: Volatile or Nontemporal where either was, and Aligned to the smaller
  // alignment where both were (where one was not, nothing is said of it). MakePointerAvailable,
  // MakePointerVisible and NonPrivatePointer belong to the Vulkan memory model, which no OpenCL
  // module declares.
  std::string copy_memory(const Instruction& i, std::vector<std::uint32_t>& out) {
    const std::size_t fixed =
        i.opcode == SpvOpCopyMemory ? 3 : 4;  // first word, target, source[, size]
    MemoryOperands target, source;
    if (i.words.size() > fixed) target = source = memory_operands(i.words, fixed);
    if (fixed + target.words < i.words.size())
      source = memory_operands(i.words, fixed + target.words);
    if (i.opcode == SpvOpCopyMemory) {
      const Instruction* pointer = definition(type_of(i.operand(0)));
      if (pointer == nullptr || pointer->opcode != SpvOpTypePointer)
        return "OpCopyMemory's target is not a pointer";
      const std::uint32_t value = fresh();
      std::vector<std::uint32_t> load{first_word(SpvOpLoad, 0), pointer->operand(2), value,
                                      i.operand(1)};
      append(load, source.mask, source.alignment);
      std::vector<std::uint32_t> store{first_word(SpvOpStore, 0), i.operand(0), value};
      append(store, target.mask, target.alignment);
      out.insert(out.end(), load.begin(), load.end());
      out.insert(out.end(), store.begin(), store.end());
      return {};
    }
    std::vector<std::uint32_t> words(i.words.begin(), i.words.begin() + fixed);
    const std::uint32_t both = target.mask & source.mask;
    append(words,
           ((target.mask | source.mask) & ~std::uint32_t{SpvMemoryAccessAlignedMask}) |
               (both & SpvMemoryAccessAlignedMask),
           std::min(target.alignment, source.alignment));
    out.insert(out.end(), words.begin(), words.end());
    return {};
  }

  // `instruction` (its first word's count set here) followed by a memory operands set of
  // `mask`'s bits that an OpenCL module has (Volatile, Aligned, Nontemporal), none when no bit
  // is left.
  static void append(std::vector<std::uint32_t>& instruction, std::uint32_t mask,
                     std::uint32_t alignment) {
    constexpr std::uint32_t kKept =
        SpvMemoryAccessVolatileMask | SpvMemoryAccessAlignedMask | SpvMemoryAccessNontemporalMask;
    mask &= kKept;
    if (mask != 0) instruction.push_back(mask);
    if (mask & SpvMemoryAccessAlignedMask) instruction.push_back(alignment);
    instruction[0] = first_word(static_cast<SpvOp>(instruction[0] & 0xffff), instruction.size());
  }

  // §3.37.11 OpBitcast: since 1.5 a pointer may be bitcast to or from an integer scalar or
  // vector of the same width, which the translator would make an LLVM bitcast between a
  // pointer and an integer (not one); the pointer is converted to or from its address instead.
  std::string bitcast(const Instruction& i, std::vector<std::uint32_t>& out) {
    const std::uint32_t value = i.operand(2), from = type_of(value), to = i.type_id;
    const bool from_pointer = is_pointer_type(from), to_pointer = is_pointer_type(to);
    if (from_pointer == to_pointer) {
      out.insert(out.end(), i.words.begin(), i.words.end());
      return {};
    }
    if (from_pointer) {
      if (!is_vector_type(to)) {
        emit(out, SpvOpConvertPtrToU, {to, i.result_id, value});
        return {};
      }
      emit(out, SpvOpBitcast, {to, i.result_id, address_of(value, out)});
      return {};
    }
    std::uint32_t address = value;
    if (is_vector_type(from)) {
      address = fresh();
      emit(out, SpvOpBitcast, {address_type(), address, value});
    }
    emit(out, SpvOpConvertUToPtr, {to, i.result_id, address});
    return {};
  }

  std::vector<std::uint32_t>& words_;
  std::uint32_t bound_;
  std::vector<Instruction> module_;
  std::unordered_map<std::uint32_t, std::size_t> defined_;
  std::vector<std::uint32_t> capabilities_;
  std::unordered_set<std::uint32_t> built_ins_;  // variables decorated BuiltIn
  std::vector<std::uint32_t> head_, new_capabilities_, new_globals_;
  std::uint32_t address_type_ = 0, address_one_ = 0;
};

}  // namespace

std::string lower_for_translator(std::vector<std::uint32_t>& words) {
  if (words.size() < kHeaderWords) return "the module has no header";
  return Lowering(words).run();
}

}  // namespace clvet::interp
