% -- Stage store_row: round v once to the output's dtype and write the thread's
% -- chunks of out[b, l, :].
% -- Phases: it runs in "use" (or "all"); it issues nothing ahead.
% if phase ~= "issue" then
{
    $(act_ctype)* orow = $(row_of(roles.output));
% for k = 0, m.K - 1 do
    $(chunk_open(k))  // chunk slot $(k)
        $(chunk_first(k))
        % put(store(("v[%d]"):format(k), "orow + e", v.act))
    }
% end
}
% end
