// Benchmark, not a test: how fast a platform runs kernels that stress different paths of an
// OpenCL C implementation (memory-bound streaming, math built-ins, __local tiles and barriers,
// atomics, many small launches, integer bit mixing), each checked against a host computation.
//
//   kernel_speed PLATFORM [--scale S] [--only NAME[,NAME...]] [--list]
//
// PLATFORM is a substring of the platform's name (case-insensitive): "clvet", "Portable",
// "Oclgrind". For each kernel the program is built once and the kernel run once, both untimed
// (a JIT such as PoCL's specialises work-group functions on the first launch; an interpreter
// may cache its decoded form), then the inputs are written again and the kernel region —
// every enqueue and the clFinish after them — is timed in process CPU time (all threads,
// CLOCK_PROCESS_CPUTIME_ID) and wall time; where one region takes less than 0.2 s it is run
// again (inputs rewritten, untimed) and the mean is reported. The last run's results are
// checked against the host's. One line per kernel:
//
//   NAME CPU_SECONDS WALL_SECONDS ok|WRONG|ERROR [detail]
//
// and a last line `# peak-rss-kib KIB`, the process's peak resident memory (getrusage).
//
// Sizes at scale 1 are chosen so that Oclgrind, about a thousand times slower than PoCL,
// takes one to a few seconds per kernel on two cores; every platform runs the same sizes.
//
// tests/bench/kernel_speed.sh runs it on several platforms and compares them.
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <sys/resource.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// An OpenCL call that failed: the call's text and its error code.
struct CallFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void check(cl_int err, const char* what) {
  if (err == CL_SUCCESS) return;
  throw CallFailed(std::string(what) + " returned " + std::to_string(err));
}

#define CL_CHECK(call) check((call), #call)

double seconds(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// A reproducible stream of pseudo-random numbers for inputs (no dependence on the C library).
struct Random {
  uint64_t state;
  explicit Random(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint32_t next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return static_cast<uint32_t>(state >> 16);
  }
  float unit() { return static_cast<float>(next() >> 8) / static_cast<float>(1 << 24); }
};

// The platform's first device, its context and one in-order queue.
struct Device {
  cl_platform_id platform = nullptr;
  cl_device_id device = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
  std::string platform_name;
};

// Buffers and kernels a benchmark owns, released when it ends whatever happened.
struct Resources {
  std::vector<cl_mem> buffers;
  std::vector<cl_kernel> kernels;
  cl_program program = nullptr;
  ~Resources() {
    for (cl_kernel k : kernels) clReleaseKernel(k);
    for (cl_mem m : buffers) clReleaseMemObject(m);
    if (program) clReleaseProgram(program);
  }
};

// One kernel of the benchmark. setup() builds and allocates (untimed), write_inputs() writes the
// inputs (untimed), enqueue() is the timed region without its clFinish, verify() returns an
// empty string when the results match the host's, otherwise what differs.
class Benchmark {
 public:
  virtual ~Benchmark() = default;
  virtual const char* name() const = 0;
  virtual const char* source() const = 0;
  virtual void setup(Device& dev, double scale) = 0;
  virtual void write_inputs() = 0;
  virtual void enqueue() = 0;
  virtual std::string verify() = 0;

 protected:
  Device* dev_ = nullptr;
  Resources res_;

  void build(Device& dev) {
    dev_ = &dev;
    const char* text = source();
    cl_int err = CL_SUCCESS;
    res_.program = clCreateProgramWithSource(dev.context, 1, &text, nullptr, &err);
    check(err, "clCreateProgramWithSource");
    err = clBuildProgram(res_.program, 1, &dev.device, "", nullptr, nullptr);
    if (err == CL_SUCCESS) return;
    size_t size = 0;
    clGetProgramBuildInfo(res_.program, dev.device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string log(size, '\0');
    clGetProgramBuildInfo(res_.program, dev.device, CL_PROGRAM_BUILD_LOG, size, log.data(),
                          nullptr);
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    if (log.size() > 400) log = log.substr(0, 400) + "...";
    for (char& c : log)
      if (c == '\n') c = ' ';
    throw CallFailed("clBuildProgram returned " + std::to_string(err) +
                     (log.empty() ? std::string() : ": " + log));
  }
  cl_kernel kernel(const char* kernel_name) {
    cl_int err = CL_SUCCESS;
    cl_kernel k = clCreateKernel(res_.program, kernel_name, &err);
    check(err, "clCreateKernel");
    res_.kernels.push_back(k);
    return k;
  }
  cl_mem buffer(size_t bytes) {
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateBuffer(dev_->context, CL_MEM_READ_WRITE, bytes, nullptr, &err);
    check(err, "clCreateBuffer");
    res_.buffers.push_back(m);
    return m;
  }
  template <class T>
  void write(cl_mem m, const std::vector<T>& data) {
    CL_CHECK(clEnqueueWriteBuffer(dev_->queue, m, CL_TRUE, 0, data.size() * sizeof(T), data.data(),
                                  0, nullptr, nullptr));
  }
  template <class T>
  void read(cl_mem m, std::vector<T>& data) {
    CL_CHECK(clEnqueueReadBuffer(dev_->queue, m, CL_TRUE, 0, data.size() * sizeof(T), data.data(),
                                 0, nullptr, nullptr));
  }
  template <class T>
  static void arg(cl_kernel k, cl_uint index, const T& value) {
    check(clSetKernelArg(k, index, sizeof(T), &value), "clSetKernelArg");
  }
  static void local_arg(cl_kernel k, cl_uint index, size_t bytes) {
    check(clSetKernelArg(k, index, bytes, nullptr), "clSetKernelArg");
  }
  void launch(cl_kernel k, cl_uint dims, const size_t* global, const size_t* local) {
    CL_CHECK(
        clEnqueueNDRangeKernel(dev_->queue, k, dims, nullptr, global, local, 0, nullptr, nullptr));
  }
};

// Sizes scale with S and are rounded to a multiple of `multiple` (at least one).
size_t scaled(size_t base, double scale, size_t multiple) {
  double n = std::max(1.0, std::round(static_cast<double>(base) * scale / multiple));
  return static_cast<size_t>(n) * multiple;
}

// Floats compared with a tolerance relative to `magnitude` (the size of the terms summed):
// devices may contract a*b+c into fma, and the built-ins have the spec's ULP limits.
std::string compare_floats(const std::vector<float>& got, const std::vector<float>& want,
                           double rel, const std::vector<float>* magnitude = nullptr) {
  size_t wrong = 0, first = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    double scale = magnitude ? (*magnitude)[i] : std::fabs(want[i]);
    double tol = rel * (scale + 1.0);
    if (!(std::fabs(static_cast<double>(got[i]) - want[i]) <= tol)) {
      if (wrong++ == 0) first = i;
    }
  }
  if (wrong == 0) return {};
  char text[160];
  std::snprintf(text, sizeof text, "%zu of %zu values differ, first at %zu: %.9g, expected %.9g",
                wrong, want.size(), first, static_cast<double>(got[first]),
                static_cast<double>(want[first]));
  return text;
}

template <class T>
std::string compare_exact(const std::vector<T>& got, const std::vector<T>& want) {
  size_t wrong = 0, first = 0;
  for (size_t i = 0; i < want.size(); ++i)
    if (got[i] != want[i] && wrong++ == 0) first = i;
  if (wrong == 0) return {};
  return std::to_string(wrong) + " of " + std::to_string(want.size()) +
         " values differ, first at " + std::to_string(first) + ": " + std::to_string(got[first]) +
         ", expected " + std::to_string(want[first]);
}

// ---------------------------------------------------------------------------------------------
// Memory-bound streaming: c = a + b, one float per work-item.
class VectorAdd : public Benchmark {
  size_t n_ = 0;
  std::vector<float> a_, b_;
  cl_mem a_mem_{}, b_mem_{}, c_mem_{};
  cl_kernel k_{};

 public:
  const char* name() const override { return "vector_add"; }
  const char* source() const override {
    return R"CLC(
__kernel void vector_add(__global const float* a, __global const float* b,
                         __global float* c, uint n) {
  size_t i = get_global_id(0);
  if (i < n) c[i] = a[i] + b[i];
}
)CLC";
  }
  void setup(Device& dev, double scale) override {
    build(dev);
    n_ = scaled(1 << 18, scale, 256);
    Random r(1);
    a_.resize(n_);
    b_.resize(n_);
    for (size_t i = 0; i < n_; ++i) a_[i] = r.unit() * 100.0f, b_[i] = r.unit() * 100.0f;
    a_mem_ = buffer(n_ * 4), b_mem_ = buffer(n_ * 4), c_mem_ = buffer(n_ * 4);
    k_ = kernel("vector_add");
    arg(k_, 0, a_mem_), arg(k_, 1, b_mem_), arg(k_, 2, c_mem_), arg(k_, 3, cl_uint(n_));
  }
  void write_inputs() override { write(a_mem_, a_), write(b_mem_, b_); }
  void enqueue() override {
    size_t global = n_, local = 256;
    launch(k_, 1, &global, &local);
  }
  std::string verify() override {
    std::vector<float> got(n_), want(n_);
    read(c_mem_, got);
    for (size_t i = 0; i < n_; ++i) want[i] = a_[i] + b_[i];
    return compare_exact(got, want);
  }
};

// Math built-ins on float4: sin, cos, sqrt, fabs and mad in a loop that stays bounded.
class Float4Math : public Benchmark {
  static constexpr int kRounds = 16;
  size_t n_ = 0;  // float4 elements
  std::vector<float> in_;
  cl_mem in_mem_{}, out_mem_{};
  cl_kernel k_{};

 public:
  const char* name() const override { return "float4_math"; }
  const char* source() const override {
    return R"CLC(
__kernel void float4_math(__global const float4* in, __global float4* out, int rounds) {
  size_t i = get_global_id(0);
  float4 x = in[i];
  float4 y = x * 0.5f + 1.0f;
  for (int r = 0; r < rounds; ++r) {
    float4 s = sin(x);
    float4 c = cos(y);
    x = mad(s, c, sqrt(fabs(y)) * 0.25f);
    y = mad(x, 0.5f, c * 0.5f) + 0.5f;
  }
  out[i] = x + y;
}
)CLC";
  }
  void setup(Device& dev, double scale) override {
    build(dev);
    n_ = scaled(1 << 14, scale, 64);
    Random r(2);
    in_.resize(n_ * 4);
    for (float& v : in_) v = r.unit() * 8.0f - 4.0f;
    in_mem_ = buffer(n_ * 16), out_mem_ = buffer(n_ * 16);
    k_ = kernel("float4_math");
    arg(k_, 0, in_mem_), arg(k_, 1, out_mem_), arg(k_, 2, cl_int(kRounds));
  }
  void write_inputs() override { write(in_mem_, in_); }
  void enqueue() override {
    size_t global = n_, local = 64;
    launch(k_, 1, &global, &local);
  }
  std::string verify() override {
    std::vector<float> got(n_ * 4), want(n_ * 4);
    read(out_mem_, got);
    for (size_t i = 0; i < n_ * 4; ++i) {
      float x = in_[i], y = x * 0.5f + 1.0f;
      for (int r = 0; r < kRounds; ++r) {
        float s = std::sin(x), c = std::cos(y);
        x = s * c + std::sqrt(std::fabs(y)) * 0.25f;
        y = x * 0.5f + c * 0.5f + 0.5f;
      }
      want[i] = x + y;
    }
    return compare_floats(got, want, 1e-4);
  }
};

// Shared by both matrix multiplies: C = A * B, square, row-major.
class MatrixMultiply : public Benchmark {
 protected:
  size_t n_ = 0;
  std::vector<float> a_, b_;
  cl_mem a_mem_{}, b_mem_{}, c_mem_{};
  cl_kernel k_{};

  void setup_matrices(Device& dev, double scale, const char* kernel_name) {
    build(dev);
    n_ = scaled(80, std::cbrt(scale), 16);
    Random r(3);
    a_.resize(n_ * n_);
    b_.resize(n_ * n_);
    for (float& v : a_) v = r.unit() - 0.5f;
    for (float& v : b_) v = r.unit() - 0.5f;
    a_mem_ = buffer(n_ * n_ * 4), b_mem_ = buffer(n_ * n_ * 4), c_mem_ = buffer(n_ * n_ * 4);
    k_ = kernel(kernel_name);
    arg(k_, 0, a_mem_), arg(k_, 1, b_mem_), arg(k_, 2, c_mem_), arg(k_, 3, cl_int(n_));
  }

 public:
  void write_inputs() override { write(a_mem_, a_), write(b_mem_, b_); }
  void enqueue() override {
    size_t global[2] = {n_, n_}, local[2] = {16, 16};
    launch(k_, 2, global, local);
  }
  std::string verify() override {
    std::vector<float> got(n_ * n_), want(n_ * n_), magnitude(n_ * n_);
    read(c_mem_, got);
    for (size_t i = 0; i < n_; ++i)
      for (size_t j = 0; j < n_; ++j) {
        double sum = 0, abs_sum = 0;
        for (size_t k = 0; k < n_; ++k) {
          double p = static_cast<double>(a_[i * n_ + k]) * b_[k * n_ + j];
          sum += p, abs_sum += std::fabs(p);
        }
        want[i * n_ + j] = static_cast<float>(sum);
        magnitude[i * n_ + j] = static_cast<float>(abs_sum);
      }
    return compare_floats(got, want, 1e-5, &magnitude);
  }
};

class MatmulNaive : public MatrixMultiply {
 public:
  const char* name() const override { return "matmul_naive"; }
  const char* source() const override {
    return R"CLC(
__kernel void matmul_naive(__global const float* a, __global const float* b,
                           __global float* c, int n) {
  int col = get_global_id(0), row = get_global_id(1);
  float sum = 0.0f;
  for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
  c[row * n + col] = sum;
}
)CLC";
  }
  void setup(Device& dev, double scale) override { setup_matrices(dev, scale, "matmul_naive"); }
};

class MatmulTiled : public MatrixMultiply {
 public:
  const char* name() const override { return "matmul_tiled"; }
  const char* source() const override {
    return R"CLC(
#define TILE 16
__kernel void matmul_tiled(__global const float* a, __global const float* b,
                           __global float* c, int n) {
  __local float ta[TILE][TILE];
  __local float tb[TILE][TILE];
  int lx = get_local_id(0), ly = get_local_id(1);
  int col = get_global_id(0), row = get_global_id(1);
  float sum = 0.0f;
  for (int t = 0; t < n; t += TILE) {
    ta[ly][lx] = a[row * n + t + lx];
    tb[ly][lx] = b[(t + ly) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE; ++k) sum += ta[ly][k] * tb[k][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[row * n + col] = sum;
}
)CLC";
  }
  void setup(Device& dev, double scale) override { setup_matrices(dev, scale, "matmul_tiled"); }
};

// A work-group tree reduction in __local memory: one partial sum per group (unsigned, exact).
class ReduceLocal : public Benchmark {
  static constexpr size_t kGroup = 128;
  size_t n_ = 0;  // elements; each work-item adds two before the tree
  std::vector<cl_uint> in_;
  cl_mem in_mem_{}, out_mem_{};
  cl_kernel k_{};

 public:
  const char* name() const override { return "reduce_local"; }
  const char* source() const override {
    return R"CLC(
__kernel void reduce_local(__global const uint* in, __global uint* partial,
                           __local uint* scratch) {
  size_t lid = get_local_id(0), size = get_local_size(0);
  size_t base = get_group_id(0) * size * 2;
  scratch[lid] = in[base + lid] + in[base + size + lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t stride = size / 2; stride > 0; stride /= 2) {
    if (lid < stride) scratch[lid] += scratch[lid + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partial[get_group_id(0)] = scratch[0];
}
)CLC";
  }
  void setup(Device& dev, double scale) override {
    build(dev);
    n_ = scaled(1 << 17, scale, 2 * kGroup);
    Random r(4);
    in_.resize(n_);
    for (cl_uint& v : in_) v = r.next();
    in_mem_ = buffer(n_ * 4), out_mem_ = buffer(n_ / (2 * kGroup) * 4);
    k_ = kernel("reduce_local");
    arg(k_, 0, in_mem_), arg(k_, 1, out_mem_), local_arg(k_, 2, kGroup * 4);
  }
  void write_inputs() override { write(in_mem_, in_); }
  void enqueue() override {
    size_t global = n_ / 2, local = kGroup;
    launch(k_, 1, &global, &local);
  }
  std::string verify() override {
    size_t groups = n_ / (2 * kGroup);
    std::vector<cl_uint> got(groups), want(groups, 0);
    read(out_mem_, got);
    for (size_t i = 0; i < n_; ++i) want[i / (2 * kGroup)] += in_[i];
    return compare_exact(got, want);
  }
};

// Histograms of 256 bins over skewed bytes (many collisions), each work-item taking
// kPerItem values strided by the global size.
class Histogram : public Benchmark {
 protected:
  static constexpr int kPerItem = 16;
  size_t items_ = 0;
  std::vector<cl_uchar> in_;
  cl_mem in_mem_{}, hist_mem_{};
  cl_kernel k_{};

  void setup_histogram(Device& dev, double scale, const char* kernel_name) {
    build(dev);
    items_ = scaled(1 << 15, scale, 256);
    Random r(5);
    in_.resize(items_ * kPerItem);
    // Half the values in 16 bins, the rest anywhere: contention on a few addresses.
    for (cl_uchar& v : in_) {
      uint32_t x = r.next();
      v = static_cast<cl_uchar>((x & 1) ? (x >> 8) & 0x0f : x >> 24);
    }
    in_mem_ = buffer(in_.size()), hist_mem_ = buffer(256 * 4);
    k_ = kernel(kernel_name);
    arg(k_, 0, in_mem_), arg(k_, 1, hist_mem_), arg(k_, 2, cl_int(kPerItem));
  }

 public:
  void write_inputs() override {
    write(in_mem_, in_);
    write(hist_mem_, std::vector<cl_uint>(256, 0));
  }
  void enqueue() override {
    size_t global = items_, local = 256;
    launch(k_, 1, &global, &local);
  }
  std::string verify() override {
    std::vector<cl_uint> got(256), want(256, 0);
    read(hist_mem_, got);
    for (cl_uchar v : in_) ++want[v];
    return compare_exact(got, want);
  }
};

class HistogramGlobal : public Histogram {
 public:
  const char* name() const override { return "histogram_global"; }
  const char* source() const override {
    return R"CLC(
__kernel void histogram_global(__global const uchar* in, __global uint* hist, int per_item) {
  size_t stride = get_global_size(0);
  for (int k = 0; k < per_item; ++k) atomic_inc(&hist[in[get_global_id(0) + k * stride]]);
}
)CLC";
  }
  void setup(Device& dev, double scale) override {
    setup_histogram(dev, scale, "histogram_global");
  }
};

class HistogramLocal : public Histogram {
 public:
  const char* name() const override { return "histogram_local"; }
  const char* source() const override {
    return R"CLC(
__kernel void histogram_local(__global const uchar* in, __global uint* hist, int per_item) {
  __local uint bins[256];
  size_t lid = get_local_id(0), size = get_local_size(0);
  for (size_t b = lid; b < 256; b += size) bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  size_t stride = get_global_size(0);
  for (int k = 0; k < per_item; ++k) atomic_inc(&bins[in[get_global_id(0) + k * stride]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t b = lid; b < 256; b += size)
    if (bins[b] != 0) atomic_add(&hist[b], bins[b]);
}
)CLC";
  }
  void setup(Device& dev, double scale) override { setup_histogram(dev, scale, "histogram_local"); }
};

// A 2D 5-point stencil (Jacobi steps, clamped edges), ping-ponged over kSteps launches.
class Stencil : public Benchmark {
  static constexpr int kSteps = 4;
  size_t w_ = 0, h_ = 0;
  std::vector<float> in_;
  cl_mem mem_[2]{};
  cl_kernel k_{};

 public:
  const char* name() const override { return "stencil_5pt"; }
  const char* source() const override {
    return R"CLC(
__kernel void stencil_5pt(__global const float* in, __global float* out, int w, int h) {
  int x = get_global_id(0), y = get_global_id(1);
  int xl = max(x - 1, 0), xr = min(x + 1, w - 1);
  int yu = max(y - 1, 0), yd = min(y + 1, h - 1);
  float centre = in[y * w + x];
  float around = in[y * w + xl] + in[y * w + xr] + in[yu * w + x] + in[yd * w + x];
  out[y * w + x] = 0.5f * centre + 0.125f * around;
}
)CLC";
  }
  void setup(Device& dev, double scale) override {
    build(dev);
    w_ = scaled(160, std::sqrt(scale), 16);
    h_ = w_;
    Random r(6);
    in_.resize(w_ * h_);
    for (float& v : in_) v = r.unit();
    mem_[0] = buffer(w_ * h_ * 4), mem_[1] = buffer(w_ * h_ * 4);
    k_ = kernel("stencil_5pt");
    arg(k_, 2, cl_int(w_)), arg(k_, 3, cl_int(h_));
  }
  void write_inputs() override { write(mem_[0], in_); }
  void enqueue() override {
    size_t global[2] = {w_, h_}, local[2] = {16, 16};
    for (int s = 0; s < kSteps; ++s) {
      arg(k_, 0, mem_[s % 2]), arg(k_, 1, mem_[(s + 1) % 2]);
      launch(k_, 2, global, local);
    }
  }
  std::string verify() override {
    std::vector<float> got(w_ * h_), cur = in_, next(w_ * h_);
    read(mem_[kSteps % 2], got);
    int w = static_cast<int>(w_), h = static_cast<int>(h_);
    for (int s = 0; s < kSteps; ++s) {
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          int xl = std::max(x - 1, 0), xr = std::min(x + 1, w - 1);
          int yu = std::max(y - 1, 0), yd = std::min(y + 1, h - 1);
          float around = cur[y * w + xl] + cur[y * w + xr] + cur[yu * w + x] + cur[yd * w + x];
          next[y * w + x] = 0.5f * cur[y * w + x] + 0.125f * around;
        }
      cur.swap(next);
    }
    return compare_floats(got, cur, 1e-5);
  }
};

// All-pairs gravity on float4 bodies (xyz position, w mass) with rsqrt: new velocities.
class NBody : public Benchmark {
  static constexpr float kSoftening = 0.01f;
  static constexpr float kStep = 0.001f;
  size_t n_ = 0;
  std::vector<float> pos_, vel_;
  cl_mem pos_mem_{}, vel_mem_{}, out_mem_{};
  cl_kernel k_{};

 public:
  const char* name() const override { return "nbody"; }
  const char* source() const override {
    return R"CLC(
__kernel void nbody(__global const float4* pos, __global const float4* vel,
                    __global float4* new_vel, int n, float softening, float dt) {
  size_t i = get_global_id(0);
  float4 p = pos[i];
  float4 acc = (float4)(0.0f);
  for (int j = 0; j < n; ++j) {
    float4 q = pos[j];
    float4 d = (float4)(q.xyz - p.xyz, 0.0f);
    float inv = rsqrt(dot(d, d) + softening);
    acc += d * (q.w * inv * inv * inv);
  }
  new_vel[i] = vel[i] + acc * dt;
}
)CLC";
  }
  void setup(Device& dev, double scale) override {
    build(dev);
    n_ = scaled(512, std::sqrt(scale), 64);
    Random r(7);
    pos_.resize(n_ * 4);
    vel_.resize(n_ * 4);
    for (size_t i = 0; i < n_; ++i) {
      for (int c = 0; c < 3; ++c) pos_[i * 4 + c] = r.unit() * 2.0f - 1.0f;
      pos_[i * 4 + 3] = 0.5f + r.unit() * 0.5f;
      for (int c = 0; c < 3; ++c) vel_[i * 4 + c] = r.unit() - 0.5f;
      vel_[i * 4 + 3] = 0.0f;
    }
    pos_mem_ = buffer(n_ * 16), vel_mem_ = buffer(n_ * 16), out_mem_ = buffer(n_ * 16);
    k_ = kernel("nbody");
    arg(k_, 0, pos_mem_), arg(k_, 1, vel_mem_), arg(k_, 2, out_mem_), arg(k_, 3, cl_int(n_));
    arg(k_, 4, kSoftening), arg(k_, 5, kStep);
  }
  void write_inputs() override { write(pos_mem_, pos_), write(vel_mem_, vel_); }
  void enqueue() override {
    size_t global = n_, local = 64;
    launch(k_, 1, &global, &local);
  }
  std::string verify() override {
    std::vector<float> got(n_ * 4), want(n_ * 4), magnitude(n_ * 4);
    read(out_mem_, got);
    for (size_t i = 0; i < n_; ++i) {
      double acc[3] = {0, 0, 0}, abs_acc[3] = {0, 0, 0};
      for (size_t j = 0; j < n_; ++j) {
        double d[3], dd = kSoftening;
        for (int c = 0; c < 3; ++c) {
          d[c] = static_cast<double>(pos_[j * 4 + c]) - pos_[i * 4 + c];
          dd += d[c] * d[c];
        }
        double inv = 1.0 / std::sqrt(dd), f = pos_[j * 4 + 3] * inv * inv * inv;
        for (int c = 0; c < 3; ++c) acc[c] += d[c] * f, abs_acc[c] += std::fabs(d[c] * f);
      }
      for (int c = 0; c < 3; ++c) {
        want[i * 4 + c] = static_cast<float>(vel_[i * 4 + c] + acc[c] * kStep);
        magnitude[i * 4 + c] = static_cast<float>(std::fabs(vel_[i * 4 + c]) + abs_acc[c] * kStep);
      }
      want[i * 4 + 3] = vel_[i * 4 + 3];
    }
    // rsqrt may be a few ULP off: 1e-4 of the summed magnitudes.
    return compare_floats(got, want, 1e-4, &magnitude);
  }
};

// Bitonic sort of unsigned keys: one launch per merge pass, log2(n)(log2(n)+1)/2 launches.
class BitonicSort : public Benchmark {
  size_t n_ = 0;
  std::vector<cl_uint> in_;
  cl_mem mem_{};
  cl_kernel k_{};

 public:
  const char* name() const override { return "bitonic_sort"; }
  const char* source() const override {
    return R"CLC(
__kernel void bitonic_step(__global uint* keys, uint j, uint k) {
  uint i = get_global_id(0);
  uint partner = i ^ j;
  if (partner <= i) return;
  uint a = keys[i], b = keys[partner];
  bool ascending = (i & k) == 0;
  if ((a > b) == ascending) {
    keys[i] = b;
    keys[partner] = a;
  }
}
)CLC";
  }
  void setup(Device& dev, double scale) override {
    build(dev);
    // A power of two near 2^12 * scale.
    double target = std::max(256.0, 4096.0 * scale);
    n_ = size_t(1) << static_cast<int>(std::lround(std::log2(target)));
    Random r(8);
    in_.resize(n_);
    for (cl_uint& v : in_) v = r.next();
    mem_ = buffer(n_ * 4);
    k_ = kernel("bitonic_step");
    arg(k_, 0, mem_);
  }
  void write_inputs() override { write(mem_, in_); }
  void enqueue() override {
    size_t global = n_, local = 256;
    for (cl_uint k = 2; k <= n_; k <<= 1)
      for (cl_uint j = k >> 1; j > 0; j >>= 1) {
        arg(k_, 1, j), arg(k_, 2, k);
        launch(k_, 1, &global, &local);
      }
  }
  std::string verify() override {
    std::vector<cl_uint> got(n_), want = in_;
    read(mem_, got);
    std::sort(want.begin(), want.end());
    return compare_exact(got, want);
  }
};

// Integer hashing: murmur3's finaliser and xorshift with rotate, kRounds rounds per item.
class HashMix : public Benchmark {
  static constexpr int kRounds = 32;
  size_t n_ = 0;
  std::vector<cl_uint> in_;
  cl_mem in_mem_{}, out_mem_{};
  cl_kernel k_{};

  static uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

 public:
  const char* name() const override { return "hash_mix"; }
  const char* source() const override {
    return R"CLC(
uint fmix32(uint h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}
__kernel void hash_mix(__global const uint* in, __global uint* out, int rounds) {
  size_t i = get_global_id(0);
  uint h = in[i] ^ (uint)i;
  uint s = h | 1u;
  for (int r = 0; r < rounds; ++r) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    h = rotate(h ^ s, (uint)(r & 31) + 1u) * 5u + 0xe6546b64u;
    h = fmix32(h);
  }
  out[i] = h;
}
)CLC";
  }
  void setup(Device& dev, double scale) override {
    build(dev);
    n_ = scaled(1 << 13, scale, 256);
    Random r(9);
    in_.resize(n_);
    for (cl_uint& v : in_) v = r.next();
    in_mem_ = buffer(n_ * 4), out_mem_ = buffer(n_ * 4);
    k_ = kernel("hash_mix");
    arg(k_, 0, in_mem_), arg(k_, 1, out_mem_), arg(k_, 2, cl_int(kRounds));
  }
  void write_inputs() override { write(in_mem_, in_); }
  void enqueue() override {
    size_t global = n_, local = 256;
    launch(k_, 1, &global, &local);
  }
  std::string verify() override {
    std::vector<cl_uint> got(n_), want(n_);
    read(out_mem_, got);
    for (size_t i = 0; i < n_; ++i) {
      uint32_t h = in_[i] ^ static_cast<uint32_t>(i), s = h | 1u;
      for (int r = 0; r < kRounds; ++r) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        h = rotl(h ^ s, (r & 31) + 1) * 5u + 0xe6546b64u;
        h ^= h >> 16, h *= 0x85ebca6bu, h ^= h >> 13, h *= 0xc2b2ae35u, h ^= h >> 16;
      }
      want[i] = h;
    }
    return compare_exact(got, want);
  }
};

std::vector<std::unique_ptr<Benchmark>> all_benchmarks() {
  std::vector<std::unique_ptr<Benchmark>> list;
  list.push_back(std::make_unique<VectorAdd>());
  list.push_back(std::make_unique<Float4Math>());
  list.push_back(std::make_unique<MatmulNaive>());
  list.push_back(std::make_unique<MatmulTiled>());
  list.push_back(std::make_unique<ReduceLocal>());
  list.push_back(std::make_unique<HistogramGlobal>());
  list.push_back(std::make_unique<HistogramLocal>());
  list.push_back(std::make_unique<Stencil>());
  list.push_back(std::make_unique<NBody>());
  list.push_back(std::make_unique<BitonicSort>());
  list.push_back(std::make_unique<HashMix>());
  return list;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The first platform whose name contains `wanted` (case-insensitive), with its first device.
Device open_device(const std::string& wanted) {
  cl_uint count = 0;
  CL_CHECK(clGetPlatformIDs(0, nullptr, &count));
  std::vector<cl_platform_id> platforms(count);
  CL_CHECK(clGetPlatformIDs(count, platforms.data(), nullptr));
  std::string names;
  for (cl_platform_id p : platforms) {
    char name[256] = {};
    CL_CHECK(clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof name - 1, name, nullptr));
    names += names.empty() ? "" : ", ";
    names += std::string("\"") + name + "\"";
    if (lower(name).find(lower(wanted)) == std::string::npos) continue;
    Device dev;
    dev.platform = p;
    dev.platform_name = name;
    CL_CHECK(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &dev.device, nullptr));
    cl_int err = CL_SUCCESS;
    dev.context = clCreateContext(nullptr, 1, &dev.device, nullptr, nullptr, &err);
    check(err, "clCreateContext");
    dev.queue = clCreateCommandQueue(dev.context, dev.device, 0, &err);
    check(err, "clCreateCommandQueue");
    return dev;
  }
  throw CallFailed("no platform named like \"" + wanted + "\" (the loader lists " +
                   (names.empty() ? std::string("none") : names) + ")");
}

// A fast platform's kernel region is repeated until this much wall time has passed, so that
// sub-millisecond regions are measured as a mean over many runs.
constexpr double kMinSeconds = 0.2;
constexpr int kMaxRuns = 1000;

int usage() {
  std::fprintf(stderr,
               "usage: kernel_speed PLATFORM [--scale S] [--only NAME[,NAME...]] [--list]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string wanted, only;
  double scale = 1.0;
  bool list_only = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--scale" && i + 1 < argc) {
      scale = std::atof(argv[++i]);
    } else if (a == "--only" && i + 1 < argc) {
      only = "," + std::string(argv[++i]) + ",";
    } else if (a == "--list") {
      list_only = true;
    } else if (!a.empty() && a[0] != '-' && wanted.empty()) {
      wanted = a;
    } else {
      return usage();
    }
  }
  auto benchmarks = all_benchmarks();
  if (list_only) {
    for (auto& b : benchmarks) std::printf("%s\n", b->name());
    return 0;
  }
  if (wanted.empty() || !(scale > 0)) return usage();

  Device dev;
  try {
    dev = open_device(wanted);
  } catch (const CallFailed& e) {
    std::fprintf(stderr, "kernel_speed: %s\n", e.what());
    return 3;
  }
  std::printf("# platform \"%s\", scale %g\n", dev.platform_name.c_str(), scale);
  std::printf("# %-18s %10s %10s  %s\n", "kernel", "cpu_s", "wall_s", "result");
  std::fflush(stdout);

  int failures = 0;
  for (auto& b : benchmarks) {
    if (!only.empty() && only.find("," + std::string(b->name()) + ",") == std::string::npos)
      continue;
    double cpu = 0, wall = 0;
    try {
      b->setup(dev, scale);
      // The untimed first run: JIT specialisation, caches, first-touch of the buffers.
      b->write_inputs();
      b->enqueue();
      CL_CHECK(clFinish(dev.queue));
      // Timed runs until kMinSeconds of wall time have passed (one for a slow platform),
      // the inputs written again, untimed, before each.
      int runs = 0;
      while (runs == 0 || (wall < kMinSeconds && runs < kMaxRuns)) {
        b->write_inputs();
        CL_CHECK(clFinish(dev.queue));
        double cpu0 = seconds(CLOCK_PROCESS_CPUTIME_ID), wall0 = seconds(CLOCK_MONOTONIC);
        b->enqueue();
        CL_CHECK(clFinish(dev.queue));
        cpu += seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
        wall += seconds(CLOCK_MONOTONIC) - wall0;
        ++runs;
      }
      cpu /= runs, wall /= runs;
      std::string wrong = b->verify();
      if (wrong.empty()) {
        std::printf("  %-18s %10.6f %10.6f  ok (%d runs)\n", b->name(), cpu, wall, runs);
      } else {
        ++failures;
        std::printf("  %-18s %10.6f %10.6f  WRONG %s\n", b->name(), cpu, wall, wrong.c_str());
        std::fprintf(stderr, "kernel_speed: %s: WRONG RESULTS on \"%s\": %s\n", b->name(),
                     dev.platform_name.c_str(), wrong.c_str());
      }
    } catch (const CallFailed& e) {
      ++failures;
      clFinish(dev.queue);
      std::printf("  %-18s %10s %10s  ERROR %s\n", b->name(), "-", "-", e.what());
    }
    std::fflush(stdout);
    b.reset();
  }
  clReleaseCommandQueue(dev.queue);
  clReleaseContext(dev.context);
  // The process's peak resident memory (the script runs one kernel a process to get it per
  // kernel): what a platform's checking costs in memory.
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("# peak-rss-kib %ld\n", usage.ru_maxrss);
  return failures == 0 ? 0 : 1;
}
