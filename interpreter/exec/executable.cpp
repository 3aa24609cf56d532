// Executable::load: decodes a linked program for the lockstep engine (until the decoder lands:
// the kernels' interfaces only, and launches that fail with a message).
#include "clvet/interp/executable.h"

namespace clvet::interp {
namespace {

class InterfaceOnly final : public Executable {
 public:
  explicit InterfaceOnly(std::vector<KernelInfo> kernels) : kernels_(std::move(kernels)) {}
  const std::vector<KernelInfo>& kernels() const override { return kernels_; }
  std::uint64_t global_variable_size() const override { return 0; }
  LaunchResult launch(const LaunchRequest&) override {
    return {false, "the interpreter cannot execute kernels yet", {}};
  }

 private:
  std::vector<KernelInfo> kernels_;
};

}  // namespace

std::shared_ptr<Executable> Executable::load(const Bytes& bitcode, std::string& error) {
  std::vector<KernelInfo> kernels;
  if (!kernel_infos(bitcode, kernels, error)) return nullptr;
  return std::make_shared<InterfaceOnly>(std::move(kernels));
}

}  // namespace clvet::interp
