#include "modules/native_modules.h"

#include <map>
#include <mutex>

namespace zts
{
namespace
{

std::mutex &registry_mutex()
{
    static std::mutex m;
    return m;
}

std::map<std::string, zts_module_init_fn> &registry()
{
    static std::map<std::string, zts_module_init_fn> r;
    return r;
}

} // namespace

void native_module_register(const std::string &name, zts_module_init_fn init)
{
    std::lock_guard<std::mutex> lock(registry_mutex());
    registry()[name] = init;
}

void native_module_unregister(const std::string &name)
{
    std::lock_guard<std::mutex> lock(registry_mutex());
    registry().erase(name);
}

zts_module_init_fn native_module_find(const std::string &name)
{
    std::lock_guard<std::mutex> lock(registry_mutex());
    auto it = registry().find(name);
    return it == registry().end() ? nullptr : it->second;
}

} // namespace zts
