// A struct with padding assigned as a whole to global memory: the padding bytes are never
// written, but copying a struct copies no value out of them (C99 §6.2.6.1: padding takes
// unspecified values), so no finding.
// run: kernel=records global=32 local=32
// arg 0: buffer int 64 init=zero

typedef struct {
  char kind;
  int amount;
} Record;

kernel void records(global Record* out) {
  Record r;
  r.kind = 'a';
  r.amount = (int)get_global_id(0);
  out[get_global_id(0)] = r;
}
