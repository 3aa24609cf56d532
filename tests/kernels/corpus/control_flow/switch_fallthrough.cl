// A switch on a lane-dependent value with fallthrough between cases, a default in the middle,
// and a nested switch.
// run: kernel=switch_fallthrough global=256 local=64
// arg 0: buffer int 256 init=wide
// arg 1: buffer int 256 init=zero
// compare: pocl
kernel void switch_fallthrough(global const int* in, global int* out) {
  int gid = get_global_id(0);
  int acc = 0;
  switch (gid % 9) {
    case 0:
      acc += 1;
    case 1:
      acc += 10;
      break;
    case 2:
      acc += 100;
    default:
      acc += 1000;
    case 5:
      acc += 10000;
      switch (in[gid] & 3) {
        case 0: acc *= 2;
        case 1: acc += 7; break;
        case 3: acc -= 3;
      }
      break;
    case 7:
      acc = -1;
  }
  out[gid] = acc;
}
