// A domain freed after a module graph failed to link (found by the module_loader fuzzer,
// tests/fuzz/corpus/module_loader/regression-teardown-link-failure). QuickJS asserted
// `list_empty(&rt->gc_obj_list)` in JS_FreeRuntime: an object of the failed graph outlived the context.
#include "support/native_host.h"

#include <string>

using zts_test::NativeHost;

using ModuleLinkFailure = NativeHost;

TEST_F(ModuleLinkFailure, MissingExportInCycle_FreesEverything)
{
#if !ZTS_QUICKJS_PATCHES
    GTEST_SKIP() << "needs tools/patches/quickjs-module-relink.patch: stock QuickJS leaks the failed link's bindings "
                    "and asserts in JS_FreeRuntime (a bug fix it lacks; tools/patches/README.md has the reproduction)";
#endif
    module("m1", "import { f } from './m2';\n");
    module("m2", "export default function () {}\nimport * as ns from 'm1';\n");
    int32_t ref = 0;
    EXPECT_NE(ZTS_OK, zts_module_get_function(d, "m1", "f", &ref));
    EXPECT_NE(std::string::npos, error_message().find("Could not find export 'f'")) << error_message();
    EXPECT_NE(ZTS_OK, zts_module_get_function(d, "m1", "f", &ref));
}
