// The libraries the ICD loader dlopen()s (the layer, the reference device, and the front end the
// device dlopen()s) fit the static TLS that glibc keeps for dlopen()ed libraries: a library that
// uses the initial-exec TLS model (DF_STATIC_TLS) must have its whole TLS block (PT_TLS's memsz)
// placed there when it is loaded, and where it does not fit, dlopen() fails ("cannot allocate
// memory in static TLS block") and ocl-icd skips the layer without a word. A 1.8 KB thread_local
// in the layer did that.
//
// The room: glibc 2.36 (elf/dl-tls.c, _dl_tls_static_surplus_init) sets the static TLS surplus
// to 192 * (rtld.nns - 1) + 144 * rtld.nns + glibc.rtld.optional_static_tls bytes, 1,664 by
// default: 192 bytes a namespace for libc's own initial-exec TLS, 144 for other system
// libraries', and the 512 of optional_static_tls for libraries dlopen()ed with initial-exec TLS,
// which is ours and every other such library's in the process (a GPU driver's among them). Our
// libraries together keep to 448 bytes of it, 64 left for each block's alignment padding (16 at
// most for the layer's) and another library's few pointers (the layer took 200 bytes until the
// recorder's per-thread cache grew it to 376 on 2026-11-28; 1.8 KB failed). A library without
// DF_STATIC_TLS gets its TLS block allocated dynamically, of any size: its size is printed, not
// bounded.
//
// Usage: static_tls_test LIBRARY...   (prints PASS, or FAIL with the library and its bytes)
#include <llvm/Object/ELF.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>

#include <cstdint>
#include <cstdio>
#include <string>

namespace {

constexpr std::uint64_t kOurShare = 448;  // of glibc's 512 bytes of optional static TLS

struct Tls {
  std::uint64_t bytes = 0;  // PT_TLS's memsz, 0 without one
  bool static_model = false;  // DF_STATIC_TLS in DT_FLAGS
};

// The library's TLS, or an error message.
llvm::Expected<Tls> tls_of(const std::string& path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) return llvm::createStringError(buffer.getError(), "cannot read " + path);
  auto file = llvm::object::ELF64LEFile::create((*buffer)->getBuffer());
  if (!file) return file.takeError();
  auto headers = file->program_headers();
  if (!headers) return headers.takeError();
  Tls tls;
  for (const auto& header : *headers)
    if (header.p_type == llvm::ELF::PT_TLS) tls.bytes = header.p_memsz;
  auto entries = file->dynamicEntries();
  if (!entries) return entries.takeError();
  for (const auto& entry : *entries)
    if (entry.getTag() == llvm::ELF::DT_FLAGS && (entry.getVal() & llvm::ELF::DF_STATIC_TLS) != 0)
      tls.static_model = true;
  return tls;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: static_tls_test LIBRARY...\n");
    return 2;
  }
  bool failed = false;
  std::uint64_t total = 0;
  for (int i = 1; i < argc; ++i) {
    llvm::Expected<Tls> tls = tls_of(argv[i]);
    if (!tls) {
      std::printf("FAIL: %s: %s\n", argv[i], llvm::toString(tls.takeError()).c_str());
      failed = true;
      continue;
    }
    std::printf("%s: %llu bytes of TLS, %s\n", argv[i], static_cast<unsigned long long>(tls->bytes),
                tls->static_model ? "initial-exec (static TLS)" : "allocated dynamically");
    if (!tls->static_model) continue;
    total += tls->bytes;
    if (tls->bytes > kOurShare) {
      std::printf("FAIL: %s has %llu bytes of static TLS, more than the %llu bytes it may take of "
                  "glibc's 512 for dlopen()ed libraries: the loader would fail to load it\n",
                  argv[i], static_cast<unsigned long long>(tls->bytes),
                  static_cast<unsigned long long>(kOurShare));
      failed = true;
    }
  }
  if (total > kOurShare) {
    std::printf("FAIL: the libraries' static TLS together is %llu bytes, more than %llu\n",
                static_cast<unsigned long long>(total), static_cast<unsigned long long>(kOurShare));
    failed = true;
  }
  std::printf(failed ? "FAIL\n" : "PASS\n");
  return failed ? 1 : 0;
}
