// Float accumulation per bin through a compare-and-swap loop on the bits: only atomics touch
// the bins.
// run: kernel=float_bins global=128 local=32
// arg 0: buffer float 128 init=random
// arg 1: buffer float 4 init=zero

kernel void float_bins(global const float* in, global float* bins) {
  float v = in[get_global_id(0)];
  volatile global int* bin = (volatile global int*)&bins[get_global_id(0) % 4];
  int old = atomic_add(bin, 0);
  for (;;) {
    int wanted = as_int(as_float(old) + v);
    int seen = atomic_cmpxchg(bin, old, wanted);
    if (seen == old) break;
    old = seen;
  }
}
