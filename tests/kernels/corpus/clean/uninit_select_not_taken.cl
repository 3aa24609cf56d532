// An uninitialised value that a conditional expression never selects: only the chosen
// operand flows into the store.
// run: kernel=not_taken global=32 local=32
// arg 0: buffer int 32 init=zero
// arg 1: value int 0

kernel void not_taken(global int* out, int use_garbage) {
  int garbage[2];
  int lid = get_local_id(0);
  garbage[0] = lid;
  out[lid] = use_garbage ? garbage[1] : garbage[0];
}
