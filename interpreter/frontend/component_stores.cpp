// Splits stores to some components of a vector (see component_stores.h).
#include "frontend/component_stores.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Local.h>

#include <cstdint>
#include <vector>

namespace clvet::interp {

namespace {

// Whether everything computed from `load` is the vector operand of an insertelement, an operand
// of a shufflevector, or the value `store` stores: nothing else sees a loaded component.
bool only_feeds(const llvm::LoadInst& load, const llvm::StoreInst& store) {
  std::vector<const llvm::Value*> work{&load};
  while (!work.empty()) {
    const llvm::Value* v = work.back();
    work.pop_back();
    for (const llvm::Use& use : v->uses()) {
      const llvm::User* user = use.getUser();
      if (user == &store) {
        if (use.getOperandNo() != 0) return false;  // the loaded value as the address
        continue;
      }
      if (llvm::isa<llvm::InsertElementInst>(user)) {
        if (use.getOperandNo() != 0) return false;
      } else if (!llvm::isa<llvm::ShuffleVectorInst>(user)) {
        return false;
      }
      work.push_back(user);
    }
  }
  return true;
}

// Nothing between the load and the store may write memory (the loaded bytes must be the ones
// the store would write back).
bool nothing_written_between(const llvm::LoadInst& load, const llvm::StoreInst& store) {
  if (load.getParent() != store.getParent()) return false;
  for (const llvm::Instruction* i = load.getNextNode(); i && i != &store; i = i->getNextNode())
    if (i->mayWriteToMemory()) return false;
  return true;
}

// Where a written component's value is: the scalar `value` itself (index < 0), or element
// `index` of the vector `value`, computed from anything but the load.
struct Source {
  llvm::Value* value = nullptr;
  int index = -1;
};

// The components `store` writes when it stores a vector loaded from its own address with some
// components replaced (bit c: component c, its value in sources[c]), and that load; 0 when it
// is an ordinary store.
std::uint64_t written_components(llvm::StoreInst& store, const llvm::DataLayout& layout,
                                 llvm::LoadInst*& load, std::vector<Source>& sources) {
  load = nullptr;
  auto* type = llvm::dyn_cast<llvm::FixedVectorType>(store.getValueOperand()->getType());
  if (!type || type->getNumElements() > 64 || store.isAtomic()) return 0;
  llvm::Type* element = type->getElementType();
  if (layout.getTypeSizeInBits(element) != layout.getTypeAllocSizeInBits(element)) return 0;
  std::uint64_t written = 0;
  sources.assign(type->getNumElements(), Source{});
  for (unsigned c = 0; c < type->getNumElements(); ++c) {
    // Where component c of the stored value comes from.
    llvm::Value* v = store.getValueOperand();
    unsigned index = c;
    for (;;) {
      if (auto* insert = llvm::dyn_cast<llvm::InsertElementInst>(v)) {
        const auto* at = llvm::dyn_cast<llvm::ConstantInt>(insert->getOperand(2));
        if (!at) return 0;
        if (at->getZExtValue() == index) {
          written |= std::uint64_t(1) << c;
          sources[c] = {insert->getOperand(1), -1};
          break;
        }
        v = insert->getOperand(0);
        continue;
      }
      if (auto* shuffle = llvm::dyn_cast<llvm::ShuffleVectorInst>(v)) {
        const int from = shuffle->getMaskValue(index);
        if (from < 0) break;  // an undefined component (a 3-component vector's fourth): kept
        const unsigned first = llvm::cast<llvm::FixedVectorType>(
                                   shuffle->getOperand(0)->getType())->getNumElements();
        v = shuffle->getOperand(unsigned(from) < first ? 0 : 1);
        index = unsigned(from) < first ? unsigned(from) : unsigned(from) - first;
        continue;
      }
      auto* loaded = llvm::dyn_cast<llvm::LoadInst>(v);
      if (loaded && loaded->getPointerOperand() == store.getPointerOperand()) {
        if ((load && load != loaded) || index != c) return 0;  // moved: a real read
        load = loaded;
        break;
      }
      // A vector of its own (a constant, another load...): its element.
      written |= std::uint64_t(1) << c;
      sources[c] = {v, static_cast<int>(index)};
      break;
    }
  }
  if (!load || written == 0 || load->isAtomic() || load->getType() != type ||
      !only_feeds(*load, store) || !nothing_written_between(*load, store))
    return 0;
  return written;
}

// One store per written component, at the store's place and source line, of the value taken
// from where the source computed it (not from the loaded vector). Each is a store of the
// element type at its own offset, so it has the element's alignment: `.zy` of an int4 is two int
// stores, not an int2 at offset 4, which would need 8.
void split(llvm::StoreInst& store, std::uint64_t written, const std::vector<Source>& sources,
           const llvm::DataLayout& layout) {
  auto* type = llvm::cast<llvm::FixedVectorType>(store.getValueOperand()->getType());
  const std::uint64_t element_size = layout.getTypeAllocSize(type->getElementType());
  llvm::IRBuilder<> b(&store);
  b.SetCurrentDebugLocation(store.getDebugLoc());
  llvm::Value* pointer = store.getPointerOperand();
  for (unsigned c = 0; c < type->getNumElements(); ++c) {
    if (!(written >> c & 1)) continue;
    const Source& from = sources[c];
    llvm::Value* part = from.index < 0 ? from.value
                                       : b.CreateExtractElement(
                                             from.value,
                                             b.getInt32(static_cast<std::uint32_t>(from.index)));
    llvm::Value* at = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), pointer, c * element_size);
    b.CreateAlignedStore(part, at, llvm::commonAlignment(store.getAlign(), c * element_size),
                         store.isVolatile());
  }
}

}  // namespace

void split_component_stores(llvm::Module& module) {
  const llvm::DataLayout& layout = module.getDataLayout();
  for (llvm::Function& f : module) {
    struct Found {
      llvm::StoreInst* store;
      std::uint64_t written;
      std::vector<Source> sources;
    };
    std::vector<Found> found;
    for (llvm::BasicBlock& block : f)
      for (llvm::Instruction& i : block)
        if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&i))
          if (store->getPointerAddressSpace() != 0) {
            llvm::LoadInst* load = nullptr;
            std::vector<Source> sources;
            if (std::uint64_t written = written_components(*store, layout, load, sources))
              found.push_back({store, written, std::move(sources)});
          }
    for (auto& [store, written, sources] : found) {
      split(*store, written, sources, layout);
      llvm::Value* value = store->getValueOperand();
      store->eraseFromParent();
      // The inserts and shuffles, then the load: nothing uses them any more.
      llvm::RecursivelyDeleteTriviallyDeadInstructions(value);
    }
  }
}

}  // namespace clvet::interp
