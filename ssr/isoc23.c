//go:build !v8go_rogchap

// V8 13.6's prebuilt library (github.com/tommie/v8go) was compiled against
// glibc 2.38, whose headers send strtol, sscanf and their kin to the C23
// entry points (__isoc23_*). Older glibc (Debian 12 has 2.36) lacks them, so
// they are defined here over the classic functions. The one difference, C23
// reading a "0b" prefix when base is 0 or 2, never arises: V8 and ICU parse
// decimal and hexadecimal numbers only. Where glibc has them, its own
// definitions are shadowed by these equivalent ones.

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

long __isoc23_strtol(const char *s, char **end, int base) { return strtol(s, end, base); }
long long __isoc23_strtoll(const char *s, char **end, int base) { return strtoll(s, end, base); }
unsigned long __isoc23_strtoul(const char *s, char **end, int base) { return strtoul(s, end, base); }
unsigned long long __isoc23_strtoull(const char *s, char **end, int base) { return strtoull(s, end, base); }

int __isoc23_sscanf(const char *s, const char *format, ...) {
  va_list args;
  va_start(args, format);
  int n = vsscanf(s, format, args);
  va_end(args);
  return n;
}

int __isoc23_fscanf(FILE *f, const char *format, ...) {
  va_list args;
  va_start(args, format);
  int n = vfscanf(f, format, args);
  va_end(args);
  return n;
}
