-- The symbol prefix. Templates and runtime sources spell every exported name
-- with fg_ (functions, types), fg__ (internal) or FG_ (macros, enum values);
-- a copy generated with another prefix gets those words renamed, so that two
-- vendored copies link into one program.

local M = {}

function M.check(prefix)
  if type(prefix) ~= "string" or not prefix:match("^[a-z][a-z0-9]*$") or #prefix > 16 then
    error(string.format("--prefix: expected 1 to 16 lower-case letters and digits, got %q", tostring(prefix)), 0)
  end
end

function M.apply(text, prefix)
  if prefix == "fg" then return text end
  text = text:gsub("%f[%w_]fg_", prefix .. "_")
  text = text:gsub("%f[%w_]FG_", prefix:upper() .. "_")
  text = text:gsub("%-DFG_", "-D" .. prefix:upper() .. "_") -- a macro defined on a compiler's command line
  return text
end

return M
