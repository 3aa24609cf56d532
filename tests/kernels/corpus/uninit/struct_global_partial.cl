// An array of structs in a buffer without host data; the first launch sets only the key of
// each, the second stores each value to another buffer.
// run: kernel=set_keys global=16 local=16
// run: kernel=read_values global=16 local=16
// arg 0: buffer int 32 init=none
// arg 1: buffer int 16 init=zero

typedef struct {
  int key;
  int value;
} Pair;

kernel void set_keys(global Pair* pairs, global int* out) {
  pairs[get_global_id(0)].key = (int)get_global_id(0);
}

kernel void read_values(global Pair* pairs, global int* out) {
  size_t i = get_global_id(0);
  out[i] = pairs[i].key * 100 + pairs[i].value;  // expect: uninitialised
}
