% -- Stage gate_copy: write the chosen branch's gate row (from a source stage:
% -- shared.gate_row) to gate_out[b, l, :] (same dtype). On the 16-byte path the
% -- chunks are copied raw. Prefetch level 2: "issue" loads them and "use"
% -- stores them; with prefetch 1 "all" loads every chunk before the first store
% -- (registers for the row's gate); without prefetch each chunk is loaded and
% -- stored in turn.
% local T = act_ctype
% local mode = mode(phase, 2)
% local batched = m.vec and (mode == "issue" or (mode == "all" and m.prefetch >= 1))
% if batched then
uint4 g_raw[$(m.K)];
%   for k = 0, m.K - 1 do
$(chunk_open(k))  // chunk slot $(k)
    $(chunk_first(k))
    % put(load_raw(("g_raw[%d]"):format(k), shared.gate_row .. " + e", "keep"))
}
%   end
% end
% if mode == "use" or mode == "all" then
{
    $(T)* gout = $(row_of(roles.gate_out));
%   for k = 0, m.K - 1 do
    $(chunk_open(k))  // chunk slot $(k)
        $(chunk_first(k))
%     if batched or mode == "use" then
        fg_st16(gout + e, g_raw[$(k)]);
%     elseif m.vec then
        fg_st16(gout + e, fg_ld16_keep($(shared.gate_row) + e));
%     else
        float g[$(m.V)];
        % put(load("g", shared.gate_row .. " + e", v.act, "keep"))
        % put(store("g", "gout + e", v.act))
%     end
    }
%   end
}
% end
