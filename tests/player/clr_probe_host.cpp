#include "clr_probe_host.h"

#include <cstdio>
#include <cstdlib>

namespace zts_test
{

namespace
{

[[noreturn]] void fail(const char *what, const char *name)
{
    std::fprintf(stderr, "clr probe host: %s %s\n", what, name);
    std::abort();
}

ClrProbe start()
{
    ClrProbe p{};
    p.domain = zts_clr_init("zts_clr_probe");
    if (p.domain == nullptr) fail("runtime did not start:", "zts_clr_init");
    zts_clr_assembly *assembly = zts_clr_domain_assembly_open(p.domain, ZTS_CLR_PROBE_DLL);
    if (assembly == nullptr) fail("cannot open", ZTS_CLR_PROBE_DLL);
    p.image = zts_clr_assembly_get_image(assembly);
    p.probe = zts_clr_class_from_name(p.image, "ZTS.ClrTests", "Probe");
    if (p.probe == nullptr) fail("no class", "ZTS.ClrTests.Probe");
    return p;
}

} // namespace

ClrProbe &ClrProbe::get()
{
    static ClrProbe probe = start();
    return probe;
}

zts_clr_method *ClrProbe::method(const char *name, int param_count) const
{
    zts_clr_method *m = zts_clr_class_get_method_from_name(probe, name, param_count);
    if (m == nullptr) fail("no method Probe.", name);
    return m;
}

} // namespace zts_test
