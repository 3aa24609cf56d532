// Bitcode reading and writing, and clvet's named metadata in modules.
#include "frontend/module_io.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

namespace clvet::interp {

std::unique_ptr<llvm::Module> parse_bitcode(const Bytes& bitcode, llvm::LLVMContext& context,
                                            std::string& error) {
  llvm::StringRef bytes(reinterpret_cast<const char*>(bitcode.data()), bitcode.size());
  auto buffer = llvm::MemoryBuffer::getMemBuffer(bytes, "<program binary>", false);
  llvm::Expected<std::unique_ptr<llvm::Module>> module =
      llvm::parseBitcodeFile(buffer->getMemBufferRef(), context);
  if (!module) {
    error = "bitcode: " + llvm::toString(module.takeError());
    return nullptr;
  }
  // Materialize everything now: a lazy reader would report damage later.
  if (llvm::Error e = (*module)->materializeAll()) {
    error = "bitcode: " + llvm::toString(std::move(e));
    return nullptr;
  }
  return std::move(*module);
}

Bytes write_bitcode(const llvm::Module& module) {
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream out(buffer);
  llvm::WriteBitcodeToFile(module, out);
  return Bytes(buffer.begin(), buffer.end());
}

void set_module_string(llvm::Module& module, std::string_view key, std::string_view value) {
  llvm::LLVMContext& context = module.getContext();
  if (llvm::NamedMDNode* old = module.getNamedMetadata(llvm::StringRef(key.data(), key.size())))
    module.eraseNamedMetadata(old);
  llvm::NamedMDNode* node =
      module.getOrInsertNamedMetadata(llvm::StringRef(key.data(), key.size()));
  node->addOperand(
      llvm::MDNode::get(context, llvm::MDString::get(context, llvm::StringRef(value.data(),
                                                                              value.size()))));
}

std::string module_string(const llvm::Module& module, std::string_view key) {
  const llvm::NamedMDNode* node =
      module.getNamedMetadata(llvm::StringRef(key.data(), key.size()));
  if (node == nullptr || node->getNumOperands() == 0) return {};
  const llvm::MDNode* first = node->getOperand(0);
  if (first->getNumOperands() == 0) return {};
  if (const auto* s = llvm::dyn_cast<llvm::MDString>(first->getOperand(0))) return s->getString().str();
  return {};
}

bool has_module_flag(const llvm::Module& module, std::string_view key) {
  return module.getNamedMetadata(llvm::StringRef(key.data(), key.size())) != nullptr;
}

}  // namespace clvet::interp
