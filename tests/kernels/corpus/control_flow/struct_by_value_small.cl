// Structs of eight bytes and of one byte passed by value as kernel arguments: each is the
// kernel's own copy of the host's bytes, never read as a pointer.
// run: kernel=small_structs global=64 local=16
// arg 0: struct int=-7 float=2.5
// arg 1: struct char=5
// arg 2: buffer long 128 init=zero
// compare: pocl
typedef struct {
  int i;
  float f;
} Pair;
typedef struct {
  char c;
} Tiny;

kernel void small_structs(Pair p, Tiny t, global long* out) {
  size_t g = get_global_id(0);
  out[2 * g] = p.i * (long)g + t.c;
  out[2 * g + 1] = (long)(p.f * 4.0f) - t.c;
}
