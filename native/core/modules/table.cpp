#include "modules/table.h"

#include <unordered_set>

namespace zts
{

bool ModuleTable::busy_outside_innermost(const std::string &name) const
{
    size_t end = frames_.empty() ? 0 : frames_.back();
    for (size_t i = 0; i < end; i++) {
        if (busy_[i] == name) {
            return true;
        }
    }
    return false;
}

std::string ModuleTable::cycle(const std::string &name) const
{
    std::string out;
    bool found = false;
    for (const std::string &m : busy_) {
        found = found || m == name;
        if (found) {
            out += m + " -> ";
        }
    }
    return out + name;
}

std::vector<std::string> ModuleTable::import_chain(const std::string &name) const
{
    std::vector<std::string> chain{name};
    std::unordered_set<std::string> seen{name};
    for (auto it = importers_.find(name); it != importers_.end() && !it->second.empty();
         it = importers_.find(chain.back())) {
        const std::string &first = it->second.front();
        if (!seen.insert(first).second) {
            break;
        }
        chain.push_back(first);
    }
    return std::vector<std::string>(chain.rbegin(), chain.rend());
}

bool ModuleTable::is_compiling(const std::string &name) const
{
    for (const std::string &m : compiling_) {
        if (m == name) {
            return true;
        }
    }
    return false;
}

void ModuleTable::imported(const std::string &importer, const std::string &name)
{
    if (importer.empty()) {
        return;
    }
    std::vector<std::string> &from = importers_[name];
    for (const std::string &i : from) {
        if (i == importer) {
            return;
        }
    }
    from.push_back(importer);
}

JSModuleDef *ModuleTable::find(const std::string &name) const
{
    auto it = defs_.find(name);
    return it != defs_.end() ? it->second : nullptr;
}

void ModuleTable::compile_failed(const std::string &name)
{
    defs_.erase(name);
    // Everything that reaches name through recorded imports may hold a pointer to the freed module.
    std::vector<std::string> work{name};
    std::unordered_set<std::string> seen{name};
    while (!work.empty()) {
        std::string m = std::move(work.back());
        work.pop_back();
        auto it = importers_.find(m);
        if (it == importers_.end()) {
            continue;
        }
        for (const std::string &importer : it->second) {
            if (seen.insert(importer).second) {
                work.push_back(importer);
                if (defs_.count(importer) != 0) {
                    unusable_.insert(importer); // compiled, so it is alive and may point at the freed one
                }
            }
        }
    }
}

std::string module_reentry_message(const ModuleTable &table, const std::string &name)
{
    return "zts: module '" + name + "' is still being loaded or evaluated and cannot be imported again until it "
           "finishes (cycle: " + table.cycle(name) + ")";
}

std::string module_unusable_message(const std::string &name)
{
    return "zts: module '" + name + "' imports a module whose load failed earlier in this domain and cannot be "
           "used again; Reset the domain to load it afresh";
}

} // namespace zts
