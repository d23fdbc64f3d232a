// Build every view once the helpers above are defined.
renderLead();
renderScope();
renderMatrix();
renderPipelines();
renderTimeline();
renderLedger();
renderRepair();
renderVerification();
renderResidual();
wireFilter();
