// A struct passed by value as a kernel argument, with fields of mixed sizes and padding,
// copied into private memory and passed by value again to a function.
// run: kernel=struct_by_value global=256 local=64
// arg 0: buffer int 256 init=iota
// arg 1: struct int=3 float=2.5 uchar=7 long=-5000000000 short=-2
// arg 2: buffer long 256 init=zero
// arg 3: buffer float 256 init=zero
// compare: pocl
typedef struct {
  int scale;
  float factor;
  uchar shift;
  long offset;
  short sign;
} Params;

__attribute__((noinline)) long apply(Params p, int x) {
  if (x & 1) p.offset = -p.offset;
  return ((long)x * p.scale << p.shift) + p.offset * p.sign;
}

kernel void struct_by_value(global const int* in, Params params, global long* out,
                            global float* fout) {
  size_t gid = get_global_id(0);
  Params local_copy = params;
  local_copy.scale += (int)(gid % 4);
  out[gid] = apply(local_copy, in[gid]) + apply(params, 1);
  fout[gid] = params.factor * (float)in[gid];
}
