// A struct member never set decides a branch inside a helper function.
// run: kernel=flags global=16 local=16
// arg 0: buffer int 16 init=zero

typedef struct {
  int enabled;
  float weight;
} Options;

int apply(const Options* o, int v) {
  if (o->enabled) return v * 2;  // expect: uninitialised
  return v;
}

kernel void flags(global int* out) {
  Options o;
  o.weight = 0.5f;
  out[get_global_id(0)] = apply(&o, 3);
}
