// An array inside a private struct indexed past its end: the address stays inside the struct
// (the next field), but not inside the array.
// run: kernel=inner global=8 local=8
// arg 0: buffer int 8 init=zero
// arg 1: value int 3

typedef struct {
  int items[3];
  int count;
} Small;

kernel void inner(global int* out, int k) {
  Small s;
  s.items[0] = 1;
  s.items[1] = 2;
  s.items[2] = 3;
  s.count = 3;
  out[get_global_id(0)] = s.items[k];  // expect: out-of-bounds
}
