// A loop with a constant trip count that writes one element past an array inside a private
// struct: the last trip's address is the next member (`count`), still inside the struct, but
// items[3] of int items[3] is past the array's end (C99 §6.5.6, on which OpenCL 1.2 §6 builds).
// An optimising build unrolls the loop into constant indices and splits the struct into its
// members: the check must have been placed before that.
// run: kernel=fill_past global=8 local=8
// arg 0: buffer int 8 init=zero

typedef struct {
  int items[3];
  int count;
} Small;

kernel void fill_past(global int* out) {
  Small s;
  s.count = 3;
  for (int i = 0; i <= 3; ++i) s.items[i] = i * 10;  // expect: out-of-bounds
  out[get_global_id(0)] = s.count + s.items[1];
}
