// GCC plugin: make Debian's m68k-linux-gnu-gcc treat word and long accesses at addresses that
// are not known to be even as slow, so that it never emits them.
//
// Why: the m68k-linux target of GCC 12 defines STRICT_ALIGNMENT as 0 (a 68020 and later can
// read a word at an odd address; a 68000 raises an address error), and -mstrict-align does not
// change that. The middle end then merges byte loads and stores, expands memcpy and copies
// packed fields with move.w/move.l at odd addresses. It decides through the target hook
// `slow_unaligned_access`; answering "slow" for every access wider than a byte whose known
// alignment is below 16 bits makes it fall back to byte accesses, which a 68000 executes.
//
// Built on demand by the project's build (host/build/src/gcc.rs) into target/, against the
// headers of `gcc-12-plugin-dev-m68k-linux-gnu`; loaded with -fplugin=. It is a build tool:
// nothing of it is linked into a program.
#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tm.h"
#include "target.h"
#include "machmode.h"

int plugin_is_GPL_compatible;

namespace {

// A word or long access is only usable on a 68000 when it is known to be 16-bit aligned.
bool m68000_slow_unaligned_access(machine_mode mode, unsigned int align_bits) {
  return maybe_gt(GET_MODE_SIZE(mode), 1) && align_bits < 16;
}

}  // namespace

int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *version) {
  if (!plugin_default_version_check(version, &gcc_version)) {
    return 1;
  }
  static struct plugin_info about = {"1", "68000 strict alignment for m68k-linux-gnu-gcc"};
  register_callback(info->base_name, PLUGIN_INFO, nullptr, &about);
  targetm.slow_unaligned_access = m68000_slow_unaligned_access;
  return 0;
}
