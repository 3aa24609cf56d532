// An array inside a __local struct indexed past its end: the address lands on the struct's
// next member, inside the __local variable, so only the array's own bound catches it.
// run: kernel=bins global=16 local=16
// arg 0: buffer int 16 init=zero
// arg 1: value int 4

typedef struct {
  int items[4];
  int count;
} Bin;

kernel void bins(global int* out, int k) {
  local Bin bin;
  if (get_local_id(0) == 0) {
    for (int i = 0; i < 4; ++i) bin.items[i] = i;
    bin.count = 4;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = bin.items[k];  // expect: out-of-bounds
}
