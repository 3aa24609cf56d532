// A __constant buffer argument of 4 floats read with index i % 5.
// run: kernel=coefficients global=20 local=20
// arg 0: buffer float 4 init=iota read_only
// arg 1: buffer float 20 init=zero

kernel void coefficients(constant float* c, global float* out) {
  size_t i = get_global_id(0);
  out[i] = c[i % 5];  // expect: out-of-bounds
}
