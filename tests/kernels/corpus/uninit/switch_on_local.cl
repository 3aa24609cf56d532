// A switch on a __local value that no work-item wrote.
// run: kernel=dispatch global=16 local=16
// arg 0: buffer int 16 init=zero

kernel void dispatch(global int* out) {
  local int mode;
  size_t i = get_global_id(0);
  switch (mode) {  // expect: uninitialised
    case 0: out[i] = 10; break;
    case 1: out[i] = 20; break;
    case 7: out[i] = 30; break;
    default: break;
  }
}
