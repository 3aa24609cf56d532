// Clean: a private struct with padding between its members, every member set, copied whole to
// global memory: the padding is never written, but a copy is no use of it.
// run: kernel=records global=16 local=16
// arg 0: buffer int 64 init=zero

typedef struct {
  char tag;
  int value;
  short small;
} Record;

kernel void records(global Record* out) {
  size_t i = get_global_id(0);
  Record r;
  r.tag = 'a';
  r.value = (int)i;
  r.small = 2;
  out[i] = r;
}
