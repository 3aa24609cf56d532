// Mixed 64-bit and 8-bit arithmetic: sign and zero extension of char and uchar into long and
// ulong, 64-bit shifts and multiplies, mul_hi, truncation back to 8 bits, and rotates.
// run: kernel=mixed_64_char global=256 local=64
// arg 0: buffer char 256 init=wide
// arg 1: buffer ulong 256 init=wide
// arg 2: buffer long 256 init=zero
// arg 3: buffer uchar 256 init=zero
// compare: pocl
kernel void mixed_64_char(global const char* c, global const ulong* u, global long* wide,
                          global uchar* narrow) {
  size_t gid = get_global_id(0);
  char s = c[gid];
  uchar z = (uchar)c[(gid + 3) % 256];
  ulong big = u[gid];
  long a = (long)s * 1000003L;          // sign-extended
  ulong b = (ulong)z << (gid % 57);      // zero-extended, shifted
  ulong h = mul_hi(big, b | 1ul);
  long mix = a + (long)(h >> 7) - (long)(s < 0 ? z : -(long)z);
  mix ^= (long)rotate(big, (ulong)(gid & 63));
  wide[gid] = mix;
  uchar t = (uchar)(mix >> (gid % 8 * 8)) + (uchar)s * z;
  narrow[gid] = t;
}
