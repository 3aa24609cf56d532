// vstore4 of an int4 whose .z was never set, into a private array: the store moves the marks
// component by component, so reading back .x is fine and storing element 2 is not (§6.12.7).
// run: kernel=through_private global=16 local=16
// arg 0: buffer int 16 init=zero
// arg 1: buffer int 16 init=zero

kernel void through_private(global int* firsts, global int* thirds) {
  size_t i = get_global_id(0);
  int4 v;
  v.x = (int)i;
  v.y = 1;
  v.w = 3;
  int buffer[4];
  vstore4(v, 0, buffer);
  firsts[i] = buffer[0];
  thirds[i] = buffer[2];  // expect: uninitialised
}
