// A helper returns a struct through memory (sret) with one member never set; the caller stores
// that member to global memory (§6.1.5 structs, §6.9 functions).
// run: kernel=returned global=16 local=16
// arg 0: buffer int 16 init=zero
// arg 1: buffer int 16 init=zero

typedef struct {
  int low;
  int high;
  int spare;
} Range;

Range make_range(int low) {
  Range r;
  r.low = low;
  r.spare = 0;
  return r;
}

kernel void returned(global int* lows, global int* highs) {
  size_t i = get_global_id(0);
  Range r = make_range((int)i);
  lows[i] = r.low;
  highs[i] = r.high;  // expect: uninitialised
}
