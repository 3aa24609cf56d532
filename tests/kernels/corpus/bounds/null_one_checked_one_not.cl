// The first argument is checked against NULL and skipped; the second is not checked.
// run: kernel=checked global=8 local=8
// arg 0: null
// arg 1: null

kernel void checked(global int* maybe, global int* also_null) {
  size_t i = get_global_id(0);
  if (maybe) maybe[i] = 1;
  also_null[i] = 2;  // expect: null-access
}
